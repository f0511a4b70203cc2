package org.iopf.cli;

import java.util.Optional;
import org.iopf.api.sim.Time;
import org.iopf.core.run.Simulation;

/**
 * The shell's handle on the simulation running now, so that Ctrl-C can stop it: the kernel returns
 * after the event it is running, the run's leases are released as it unwinds, and the caller
 * discards its partial result. Thread-safe: the signal arrives on another thread.
 */
final class RunCancellation {
    private Simulation running;
    private boolean cancelled;
    private long cancelledAtNanos;

    /** A run starts; called on the run's thread before its first event. */
    synchronized void begin(Simulation simulation) {
        running = simulation;
        cancelled = false;
    }

    /**
     * Stops the running simulation, if there is one.
     *
     * @return whether a run was cancelled
     */
    synchronized boolean cancel() {
        if (running == null || cancelled) {
            return false;
        }
        cancelled = true;
        cancelledAtNanos = running.kernel().now();
        running.kernel().stop();
        return true;
    }

    /**
     * Ends the run; says, if it was cancelled, at which simulated time (as text).
     */
    synchronized Optional<String> end() {
        boolean wasCancelled = cancelled;
        running = null;
        cancelled = false;
        return wasCancelled ? Optional.of(Time.format(cancelledAtNanos)) : Optional.empty();
    }
}
