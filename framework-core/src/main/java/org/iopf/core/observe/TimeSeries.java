package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * A counter's increments over simulated time, in buckets of equal width: bucket {@code i} holds
 * what was added in {@code [i × bucketNanos, (i + 1) × bucketNanos)}. The buckets sum exactly to the
 * counter's value when the series was read. Obtained from {@link MetricRegistry#series(String)}.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
public final class TimeSeries {
    private final String unit;
    private final long bucketNanos;
    private final long[] values;
    private final long total;

    /**
     * Creates a series.
     *
     * @param unit what the counter counts ({@code bytes}), not null
     * @param bucketNanos the width of every bucket in ns, {@code > 0}
     * @param values what was added in each bucket, each {@code >= 0}; copied
     */
    public TimeSeries(String unit, long bucketNanos, long[] values) {
        this.unit = requireNonNull(unit, "unit is null");
        requireNonNull(values, "values is null");
        if (bucketNanos <= 0) {
            throw new IllegalArgumentException("bucketNanos must be > 0: " + bucketNanos);
        }
        this.bucketNanos = bucketNanos;
        this.values = values.clone();
        long sum = 0;
        for (long v : this.values) {
            if (v < 0) {
                throw new IllegalArgumentException("bucket values must be >= 0: " + v);
            }
            sum += v;
        }
        this.total = sum;
    }

    /** What the counter counts. */
    public String unit() {
        return unit;
    }

    /** The width of every bucket in ns. */
    public long bucketNanos() {
        return bucketNanos;
    }

    /** The number of buckets, up to the last one that received anything. */
    public int size() {
        return values.length;
    }

    /** What was added in bucket {@code index} ({@code 0 <= index < size()}). */
    public long value(int index) {
        return values[index];
    }

    /** The simulated time at which bucket {@code index} starts, in ns. */
    public long startNanos(int index) {
        return index * bucketNanos;
    }

    /** A copy of all bucket values. */
    public long[] values() {
        return values.clone();
    }

    /** The sum of all buckets: the counter's value when the series was read. */
    public long total() {
        return total;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeSeries t && t.unit.equals(unit) && t.bucketNanos == bucketNanos
                && Arrays.equals(t.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * unit.hashCode() + Long.hashCode(bucketNanos)) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "TimeSeries[" + values.length + " x " + bucketNanos + " ns, total " + total + " " + unit + "]";
    }
}
