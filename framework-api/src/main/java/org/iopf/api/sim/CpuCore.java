package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * An emulated CPU core that runs software work items (an interrupt handler, a tasklet, a user
 * library call, R5 firmware) one at a time and accounts its busy time.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface CpuCore {
    /** The core's name within its node, for example {@code a53.0} or {@code r5.1}. */
    String name();

    /** The cluster the core belongs to, for example {@code a53} or {@code r5}. */
    String cluster();

    /**
     * Queues {@code cpuNanos} of work and fires {@code onDone} when it has run.
     *
     * @param label what the work is, for traces ({@code "smmu-isr"})
     * @param priority its priority, not null
     * @param cpuNanos CPU time it takes in ns, {@code >= 0}
     * @param onDone fired when the work has finished, may be null
     * @return the absolute time at which the work finishes if nothing of higher priority arrives
     */
    long run(String label, WorkPriority priority, long cpuNanos, Event onDone);

    /**
     * Queues {@code cpuNanos} of work that belongs to a traced flow (one fault's handling) and
     * fires {@code onDone} when it has run. The core itself records the work as a slice named
     * {@code label} on its track ({@code node1/a53.0}) with this flow id, so a component that runs
     * a fault-handling step on a core does not record a slice for it too (see {@link
     * org.iopf.api.observe.Tracer} for the naming convention, {@code exanest/tasklet}).
     *
     * <p>The default ignores the flow id, for cores that do not trace.
     *
     * @param label what the work is, {@code <mechanism>/<step>} for a fault-handling step
     * @param priority its priority, not null
     * @param cpuNanos CPU time it takes in ns, {@code >= 0}
     * @param flowId the flow the work belongs to ({@link org.iopf.api.fault.FaultRecord#id()} for
     *     a fault), 0 for none
     * @param onDone fired when the work has finished, may be null
     * @return the absolute time at which the work finishes if nothing of higher priority arrives
     * @since 0.1
     */
    default long run(String label, WorkPriority priority, long cpuNanos, long flowId, Event onDone) {
        return run(label, priority, cpuNanos, onDone);
    }

    /** Items queued but not yet started. */
    int queued();

    /** Total busy time so far in ns, counting only work that has started, up to now. */
    long busyNanos();

    /** Fraction of the time since the start of the run during which the core was busy, in [0, 1]. */
    double utilisation();
}
