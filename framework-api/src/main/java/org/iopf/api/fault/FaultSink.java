package org.iopf.api.fault;

/**
 * The node-owned queue into which devices and IOMMUs raise faults. The node delivers each fault to
 * its {@link FaultHandler} in a later event at the same simulated time (never re-entrantly), in
 * the order raised. Injected into components that detect faults; it breaks the cycle between an
 * IOMMU that reports faults and a fault handler that resumes it.
 *
 * @since 0.1
 */
public interface FaultSink {
    /** A fresh fault id, unique within the run (all nodes draw from one counter), so it can serve as a trace flow id. */
    long nextFaultId();

    /** Raises a fault towards the node's fault handler. */
    void raise(PageFault fault);

    /** Faults raised so far on this node. */
    long raised();
}
