package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

/**
 * One metric's value in a {@link MetricRegistry#snapshot()}: a counter's or gauge's value, or a
 * histogram's summary.
 *
 * @since 0.1
 */
public sealed interface MetricValue {
    /** The unit of the value ({@code faults}, {@code ns}, {@code bytes}). */
    String unit();

    /**
     * A counter's value.
     *
     * @param unit what it counts, not null
     * @param value the count, {@code >= 0}
     */
    record CounterValue(String unit, long value) implements MetricValue {
        /** Checks the arguments. */
        public CounterValue {
            requireNonNull(unit, "unit is null");
            if (value < 0) {
                throw new IllegalArgumentException("counter value must be >= 0: " + value);
            }
        }
    }

    /**
     * A gauge's value when the snapshot was taken.
     *
     * @param unit its unit, not null
     * @param value the value read
     */
    record GaugeValue(String unit, long value) implements MetricValue {
        /** Checks the arguments. */
        public GaugeValue {
            requireNonNull(unit, "unit is null");
        }
    }

    /**
     * A histogram's summary. All values are in {@code unit}; with {@code count == 0} they are all 0.
     *
     * @param unit the unit of recorded values, not null
     * @param count number of values, {@code >= 0}
     * @param min smallest value
     * @param mean mean value
     * @param p50 median
     * @param p90 90th percentile
     * @param p99 99th percentile
     * @param p999 99.9th percentile
     * @param max largest value
     */
    record HistogramSummary(String unit, long count, long min, double mean, long p50, long p90, long p99,
            long p999, long max) implements MetricValue {
        /** Checks the arguments. */
        public HistogramSummary {
            requireNonNull(unit, "unit is null");
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0: " + count);
            }
        }
    }
}
