package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The node-owned queue into which devices and IOMMUs raise faults. The node delivers each fault to
 * its {@link FaultHandler} in a later event at the same simulated time (never re-entrantly), in
 * the order raised. Injected into components that detect faults; it breaks the cycle between an
 * IOMMU that reports faults and a fault handler that resumes it.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface FaultSink {
    /** A fresh fault id, unique within the run (all nodes draw from one counter), so it can serve as a trace flow id. */
    long nextFaultId();

    /** Raises a fault towards the node's fault handler. */
    void raise(PageFault fault);

    /** Faults raised so far on this node. */
    long raised();

    /**
     * Reports a fault that a device detected and resolved by itself, without the node's fault
     * handler (an HCA's network page fault), once, when it has ended: the run's fault counts by
     * kind, its resolution times and the trace's {@code fault/resolution} slice then include it,
     * as for a fault raised through {@link #raise}. The device records the {@code fault/<KIND>}
     * instant itself when it detects the fault (see {@link org.iopf.api.observe.Tracer}). The
     * default does nothing.
     *
     * @param id the fault's id from {@link #nextFaultId()}
     * @param kind its kind, not null
     * @param raisedAtNanos when the device detected it, ns, not after now
     * @param outcome how it ended: resolved and retried, or terminated; not null
     * @since 0.1
     */
    default void handledByDevice(long id, FaultKind kind, long raisedAtNanos, FaultResolution outcome) {
    }
}
