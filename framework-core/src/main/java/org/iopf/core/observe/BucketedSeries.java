package org.iopf.core.observe;

import java.util.Arrays;

/**
 * The running time series of one counter: what was added in each bucket of simulated time, in at
 * most {@link #MAX_BUCKETS} buckets. Buckets start {@link #INITIAL_BUCKET_NANOS} wide; when a time
 * falls beyond the last bucket, adjacent pairs are merged and the width doubles, as often as needed.
 * The total is exact; recording allocates nothing except while the bucket array grows (at most
 * seven times, up to {@link #MAX_BUCKETS}).
 */
final class BucketedSeries {
    /** The width of a bucket before any merge: 1 µs. */
    static final long INITIAL_BUCKET_NANOS = 1_000;
    /** The most buckets kept; a power of two. */
    static final int MAX_BUCKETS = 1024;
    private static final int INITIAL_CAPACITY = 16;

    private final String name;
    private long[] buckets = new long[INITIAL_CAPACITY];
    private long bucketNanos = INITIAL_BUCKET_NANOS;
    private int used;
    private long total;

    BucketedSeries(String name) {
        this.name = name;
    }

    /** Adds {@code delta} at simulated time {@code timeNanos} ({@code >= 0}). */
    void record(long timeNanos, long delta) {
        if (timeNanos < 0) {
            throw new IllegalArgumentException("series " + name + ": time must be >= 0: " + timeNanos);
        }
        long index = timeNanos / bucketNanos;
        while (index >= MAX_BUCKETS) {
            mergePairs();
            index = timeNanos / bucketNanos;
        }
        int i = (int) index;
        if (i >= buckets.length) {
            int capacity = buckets.length;
            while (capacity <= i) {
                capacity *= 2;
            }
            buckets = Arrays.copyOf(buckets, capacity);
        }
        buckets[i] += delta;
        if (i >= used) {
            used = i + 1;
        }
        total += delta;
    }

    private void mergePairs() {
        int merged = (used + 1) / 2;
        for (int j = 0; j < merged; j++) {
            int a = 2 * j;
            buckets[j] = buckets[a] + (a + 1 < used ? buckets[a + 1] : 0);
        }
        Arrays.fill(buckets, merged, used, 0);
        used = merged;
        bucketNanos *= 2;
    }

    /** A copy of the series as it is now. */
    TimeSeries snapshot(String unit) {
        return new TimeSeries(unit, bucketNanos, Arrays.copyOf(buckets, used));
    }

    long total() {
        return total;
    }
}
