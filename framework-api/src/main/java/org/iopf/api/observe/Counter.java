package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A monotonic count.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Counter {
    /** Adds one. */
    default void increment() {
        add(1);
    }

    /** Adds {@code delta}, {@code >= 0}. */
    void add(long delta);

    /** The current count. */
    long value();
}
