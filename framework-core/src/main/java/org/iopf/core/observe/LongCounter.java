package org.iopf.core.observe;

import org.iopf.api.observe.Counter;

/** A {@link Counter} held in one {@code long}. */
final class LongCounter implements Counter {
    private final String name;
    private long value;

    LongCounter(String name) {
        this.name = name;
    }

    @Override
    public void add(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("counter " + name + " cannot decrease: delta " + delta);
        }
        value += delta;
    }

    @Override
    public long value() {
        return value;
    }
}
