package org.iopf.testkit;

import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * What a workload run on a {@link TestBench} did.
 *
 * @param finished whether the workload said it finished ({@code WorkloadContext.finish()})
 * @param finishedAtNanos the simulated time it finished at, or -1 if it did not
 * @param endNanos the simulated time when the last event had run
 * @param metrics the run's metrics at the end, by full name (see {@link TestBench#metrics()})
 * @param outcome what the workload stated, when the run ended, it was asked and completed
 *     ({@code Workload.outcome()}); empty if it stated nothing
 * @since 0.1
 */
public record WorkloadRun(boolean finished, long finishedAtNanos, long endNanos, SortedMap<String, String> metrics,
        Optional<WorkloadOutcome> outcome) {
    /** Copies the metrics. */
    public WorkloadRun {
        metrics = Collections.unmodifiableSortedMap(new TreeMap<>(metrics));
        Objects.requireNonNull(outcome, "outcome is null");
    }
}
