package org.iopf.core.report;

/**
 * The bytes a workload moved in one interval of simulated time.
 *
 * @param startNanos when the interval starts, in ns of simulated time, {@code >= 0}
 * @param durationNanos how long it lasts in ns, {@code > 0}
 * @param bytes bytes completed in it, {@code >= 0}
 * @since 0.1
 */
public record ThroughputPoint(long startNanos, long durationNanos, long bytes) {
    /** Checks the arguments. */
    public ThroughputPoint {
        if (startNanos < 0 || durationNanos <= 0 || bytes < 0) {
            throw new IllegalArgumentException("expected start >= 0, duration > 0, bytes >= 0: " + startNanos + ", "
                    + durationNanos + ", " + bytes);
        }
    }

    /** The throughput over the interval, in bits per second. */
    public double bitsPerSecond() {
        return bytes * 8.0 * 1e9 / durationNanos;
    }

    /** The middle of the interval, in ns of simulated time. */
    public double midNanos() {
        return startNanos + durationNanos / 2.0;
    }
}
