package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The body of a scheduled event. Events are usually lambdas; a component on a hot path keeps one
 * event object and reschedules it, so that scheduling allocates nothing.
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface Event {
    /** Runs the event at its scheduled time; {@link Scheduler#now()} returns that time. */
    void fire();
}
