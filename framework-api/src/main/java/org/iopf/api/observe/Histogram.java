package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A distribution of non-negative values (latencies in ns, sizes in bytes), with percentiles.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Histogram {
    /** Records one value, {@code >= 0}. */
    void record(long value);

    /** Number of values recorded. */
    long count();

    /** The value at {@code percentile} (0..100), or 0 when empty. */
    long percentile(double percentile);

    /** The largest value recorded, or 0 when empty. */
    long max();

    /** The smallest value recorded, or 0 when empty. */
    long min();

    /** The mean, or 0 when empty. */
    double mean();
}
