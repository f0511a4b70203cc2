package org.iopf.cli;

import java.util.List;
import java.util.function.Consumer;
import org.iopf.core.sweep.MetricSelection;

/**
 * Something that runs a sweep's runs and hands back their rows: the worker threads of this
 * machine ({@link SweepRunner}) or the members of a cluster ({@link ClusterCoordinator}). Either
 * way each run gives exactly one row, and the same run gives the same row (but its wall time).
 */
interface SweepPool extends AutoCloseable {
    /**
     * Runs {@code runs} and hands each one's row to {@code sink} on the calling thread, as it
     * completes; returns when every run has its row.
     */
    void run(List<SweepRun> runs, MetricSelection metrics, Consumer<SweepRow> sink);

    /** The runs it can run at once, for the summary ({@code on 4 workers}). */
    int workers();

    @Override
    void close();
}
