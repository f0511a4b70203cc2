package org.iopf.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.iopf.core.report.ExpectationReport;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.sweep.MetricSelection;

/**
 * What one run of a sweep gave, as its row of the results: its status, why it failed, the
 * figures kept, how long it took and how many events it executed.
 *
 * @param run the run
 * @param status {@code ok}, {@code missed} (an expectation missed) or {@code failed} (no result)
 * @param message why it failed or which expectations it missed; empty when ok
 * @param wallSeconds the wall time of the run, s
 * @param events events executed; -1 when it failed
 * @param figures the kept figures by name, in the selection's order; empty when it failed
 * @param expectations its expectations' checks ({@link ExpectationReport#NONE} when it failed)
 */
record SweepRow(SweepRun run, String status, String message, double wallSeconds, long events,
        Map<String, Figure> figures, ExpectationReport expectations) {
    /** A run that completed. */
    static final String OK = "ok";
    /** A run that completed and missed an expectation. */
    static final String MISSED = "missed";
    /** A run that did not complete. */
    static final String FAILED = "failed";

    SweepRow {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(status, "status is null");
        Objects.requireNonNull(message, "message is null");
        figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        Objects.requireNonNull(expectations, "expectations is null");
    }

    /** The row of a run that gave {@code result}, keeping the figures {@code metrics} selects. */
    static SweepRow of(SweepRun run, RunResult result, MetricSelection metrics, double wallSeconds) {
        Map<String, Figure> kept = new LinkedHashMap<>();
        for (String name : metrics.select(result.names())) {
            kept.put(name, result.figure(name).orElseThrow());
        }
        ExpectationReport checks = result.expectations();
        List<String> missed = checks.outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.expectation().metric() + " measured " + o.measuredText() + ", expected "
                        + o.expectation().written()).toList();
        long events = (long) result.value("sim.events").orElse(-1);
        return new SweepRow(run, missed.isEmpty() ? OK : MISSED, String.join("; ", missed), wallSeconds, events, kept,
                checks);
    }

    /** The row of a run that failed with {@code message}. */
    static SweepRow failed(SweepRun run, String message, double wallSeconds) {
        return new SweepRow(run, FAILED, message, wallSeconds, -1, Map.of(), ExpectationReport.NONE);
    }
}
