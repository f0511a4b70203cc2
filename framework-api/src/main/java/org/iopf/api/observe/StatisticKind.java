package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What kind of value a declared statistic ({@link StatisticSpec}) is.
 *
 * <p>Stability: experimental.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum StatisticKind {
    /** A count that only grows ({@link Counter}). */
    COUNTER,
    /** A distribution with percentiles ({@link Histogram}). */
    HISTOGRAM,
    /** A value read when the figures are taken ({@link Metrics#gauge}). */
    GAUGE
}
