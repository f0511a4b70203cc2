package org.iopf.core.observe;

import java.util.function.LongSupplier;
import org.iopf.api.observe.Counter;

/**
 * A {@link Counter} held in one {@code long}; with a clock, it also keeps a {@link BucketedSeries}
 * of its increments over simulated time.
 */
final class LongCounter implements Counter {
    private final String name;
    private final LongSupplier clock;
    private final BucketedSeries series;
    private long value;

    /** A counter without a time series. */
    LongCounter(String name) {
        this(name, null);
    }

    /** A counter that records each increment at {@code clock}'s time, or without a series if null. */
    LongCounter(String name, LongSupplier clock) {
        this.name = name;
        this.clock = clock;
        this.series = clock == null ? null : new BucketedSeries(name);
    }

    @Override
    public void add(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("counter " + name + " cannot decrease: delta " + delta);
        }
        value += delta;
        if (series != null && delta != 0) {
            series.record(clock.getAsLong(), delta);
        }
    }

    @Override
    public long value() {
        return value;
    }

    /** The series of increments, or null for a counter without a clock. */
    BucketedSeries series() {
        return series;
    }
}
