package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The periodic dumps of a run's metrics, every {@code intervalNanos} of simulated time, plus one at
 * the end of the run.
 *
 * @param intervalNanos the interval between dumps in ns, {@code > 0}, or 0 when none were taken
 * @param dumps the dumps in time order; copied
 * @param truncated whether dumps stopped at {@link IntervalMetricsRecorder#MAX_DUMPS}
 * @since 0.1
 */
public record MetricsTimeline(long intervalNanos, List<MetricsDump> dumps, boolean truncated) {
    /** No dumps. */
    public static final MetricsTimeline NONE = new MetricsTimeline(0, List.of(), false);

    /** Checks and copies the arguments. */
    public MetricsTimeline {
        if (intervalNanos < 0) {
            throw new IllegalArgumentException("intervalNanos must be >= 0: " + intervalNanos);
        }
        dumps = List.copyOf(requireNonNull(dumps, "dumps is null"));
    }
}
