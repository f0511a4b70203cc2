package org.iopf.api.iommu;

import org.iopf.api.fault.FaultRecord;

/**
 * The answer of {@link Iommu#translate}: a physical address, or a fault, and the time the
 * translation took (TLB lookup plus any table walk) which the caller spends before using it.
 *
 * @param physicalAddress the translated address; -1 for a fault
 * @param latencyNanos time the lookup took, {@code >= 0}
 * @param fault the fault that was raised, or null on success
 * @since 0.1
 */
public record Translation(long physicalAddress, long latencyNanos, FaultRecord fault) {
    /** Checks arguments. */
    public Translation {
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0: " + latencyNanos);
        }
        if ((fault == null) == (physicalAddress < 0)) {
            throw new IllegalArgumentException("a translation has either an address or a fault");
        }
    }

    /** A successful translation. */
    public static Translation hit(long physicalAddress, long latencyNanos) {
        return new Translation(physicalAddress, latencyNanos, null);
    }

    /** A failed translation; the fault has been raised to the node's fault sink. */
    public static Translation fault(FaultRecord fault, long latencyNanos) {
        return new Translation(-1, latencyNanos, java.util.Objects.requireNonNull(fault, "fault is null"));
    }

    /** Whether the translation faulted. */
    public boolean isFault() {
        return fault != null;
    }
}
