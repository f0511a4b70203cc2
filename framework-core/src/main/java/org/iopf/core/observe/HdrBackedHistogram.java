package org.iopf.core.observe;

import org.iopf.api.observe.Histogram;

/**
 * A {@link Histogram} backed by an auto-resizing HdrHistogram with 3 significant digits: values
 * are kept to within 0.1%, from 1 up to any {@code long}. The minimum, maximum and mean are exact
 * (kept beside the HdrHistogram), and percentiles are clamped to {@code [min, max]}, so a histogram
 * of one value, or of equal values, reports that value exactly.
 */
final class HdrBackedHistogram implements Histogram {
    private static final int SIGNIFICANT_DIGITS = 3;

    private final String name;
    private final org.HdrHistogram.Histogram histogram = new org.HdrHistogram.Histogram(SIGNIFICANT_DIGITS);

    private long min = Long.MAX_VALUE;
    private long max;
    private double sum;

    HdrBackedHistogram(String name) {
        this.name = name;
        histogram.setAutoResize(true);
    }

    @Override
    public void record(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("histogram " + name + " records values >= 0: " + value);
        }
        histogram.recordValue(value);
        min = Math.min(min, value);
        max = Math.max(max, value);
        sum += value;
    }

    /** Adds every value of {@code other} into this histogram. */
    void add(HdrBackedHistogram other) {
        if (other.count() == 0) {
            return;
        }
        histogram.add(other.histogram);
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        sum += other.sum;
    }

    @Override
    public long count() {
        return histogram.getTotalCount();
    }

    @Override
    public long percentile(double percentile) {
        if (!(percentile >= 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in [0, 100]: " + percentile);
        }
        return count() == 0 ? 0 : Math.max(min, Math.min(max, histogram.getValueAtPercentile(percentile)));
    }

    @Override
    public long max() {
        return max;
    }

    @Override
    public long min() {
        return count() == 0 ? 0 : min;
    }

    @Override
    public double mean() {
        return count() == 0 ? 0 : sum / count();
    }
}
