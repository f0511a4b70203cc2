package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Schedules events in virtual time. Events run in order of time, then of scheduling (two events
 * at the same time run in the order they were scheduled), on the simulation's one thread.
 *
 * <p>Handles are primitive {@code long}s so that scheduling allocates nothing. A stale handle (its
 * event already ran or was cancelled) is recognised, so cancelling it is a harmless no-op that
 * returns {@code false}; an implementation documents how long a stale handle stays recognisable.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Scheduler {
    /** The current virtual time in nanoseconds since the start of the run. */
    long now();

    /**
     * Schedules {@code event} to fire {@code delayNanos} after now.
     *
     * @param delayNanos delay in ns, {@code >= 0}; a negative delay is an
     *     {@link IllegalArgumentException} (scheduling in the past)
     * @param event the body, not null
     * @return a handle for {@link #cancel(long)}
     */
    long schedule(long delayNanos, Event event);

    /**
     * Schedules {@code event} at the absolute time {@code timeNanos}.
     *
     * @param timeNanos absolute time in ns, {@code >= now()}; an earlier time is an
     *     {@link IllegalArgumentException}
     * @param event the body, not null
     * @return a handle for {@link #cancel(long)}
     */
    long scheduleAt(long timeNanos, Event event);

    /**
     * Cancels a pending event in O(log n).
     *
     * @return {@code true} if the event was pending and will now not run
     */
    boolean cancel(long handle);

    /** Whether the event behind {@code handle} is still pending. */
    boolean isPending(long handle);
}
