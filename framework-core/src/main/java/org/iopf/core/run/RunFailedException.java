package org.iopf.core.run;

/**
 * An exception thrown out of an event while a simulation ran: a defect of a component or workload,
 * not bad input (which is refused before the first event). It says when in simulated time the run
 * failed; the cause is the exception the event threw.
 */
public final class RunFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Wraps {@code cause}, thrown by an event at {@code timeNanos}. */
    RunFailedException(long timeNanos, RuntimeException cause) {
        super("the run failed at " + org.iopf.api.sim.Time.format(timeNanos) + " of simulated time: " + cause,
                cause);
    }
}
