package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.iopf.core.sim.ExecutionListener;

/**
 * Dumps every metric of a {@link MetricRegistry} at each multiple of an interval of simulated time,
 * as an {@link ExecutionListener} of the event kernel: before the first event at or after a
 * boundary runs, the registry is read once for each boundary crossed. It schedules no event, so a
 * run with dumps executes exactly the events of a run without. Gauges are read at that moment,
 * with the kernel's clock already at the coming event's time. At most {@link #MAX_DUMPS} dumps are
 * kept.
 *
 * @since 0.1
 */
public final class IntervalMetricsRecorder implements ExecutionListener {
    /** The most dumps kept in one run. */
    public static final int MAX_DUMPS = 100_000;

    private final MetricRegistry registry;
    private final long intervalNanos;
    private final List<MetricsDump> dumps = new ArrayList<>();
    private long next;
    private boolean truncated;

    /**
     * Creates a recorder.
     *
     * @param registry the run's metrics, not null
     * @param intervalNanos the interval in ns, {@code > 0}
     */
    public IntervalMetricsRecorder(MetricRegistry registry, long intervalNanos) {
        this.registry = requireNonNull(registry, "registry is null");
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("the statistics interval must be > 0 ns: " + intervalNanos);
        }
        this.intervalNanos = intervalNanos;
        this.next = intervalNanos;
    }

    @Override
    public void executed(long timeNanos, long sequence) {
        if (timeNanos >= next) {
            dumpUpTo(timeNanos);
        }
    }

    private void dumpUpTo(long timeNanos) {
        while (next <= timeNanos) {
            if (dumps.size() >= MAX_DUMPS) {
                truncated = true;
                next = Long.MAX_VALUE;
                return;
            }
            dumps.add(new MetricsDump(next, registry.snapshot()));
            next = next > Long.MAX_VALUE - intervalNanos ? Long.MAX_VALUE : next + intervalNanos;
        }
    }

    /**
     * Ends the recording at {@code endNanos} (the end of the run): dumps the boundaries up to it,
     * then a last dump at the end with the final values (replacing a boundary dump at that very
     * time, which was taken before the events at it ran).
     *
     * @return the dumps
     */
    public MetricsTimeline finish(long endNanos) {
        dumpUpTo(endNanos);
        if (!dumps.isEmpty() && dumps.get(dumps.size() - 1).timeNanos() == endNanos) {
            dumps.set(dumps.size() - 1, new MetricsDump(endNanos, registry.snapshot()));
        } else if (!truncated) {
            dumps.add(new MetricsDump(endNanos, registry.snapshot()));
        }
        return new MetricsTimeline(intervalNanos, dumps, truncated);
    }
}
