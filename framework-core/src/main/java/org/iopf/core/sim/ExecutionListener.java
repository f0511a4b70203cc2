package org.iopf.core.sim;

/**
 * Observes every event that an {@link EventKernel} executes, just before its body runs. Used to
 * fingerprint a run (hash the executed-event trace) and by debugging tools; it must not schedule
 * or cancel events.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ExecutionListener {
    /**
     * Called before the event's body runs.
     *
     * @param timeNanos the event's time in ns, equal to the kernel's {@code now()}
     * @param sequence the event's scheduling sequence number (0 for the first event scheduled in
     *     the run, then increasing by one per scheduling call, until the kernel renumbers its
     *     pending events after about 3.4&times;10<sup>10</sup> schedulings; see {@link EventKernel})
     */
    void executed(long timeNanos, long sequence);
}
