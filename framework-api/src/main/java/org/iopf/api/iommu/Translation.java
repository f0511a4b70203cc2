package org.iopf.api.iommu;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.fault.FaultRecord;

/**
 * The answer of {@link Iommu#translate}: a physical address, or a fault, and the time the
 * translation took (TLB lookup plus any table walk) which the caller spends before using it.
 *
 * <p>A translation that does not give an address is one of two things, and in both the device
 * waits for the listener it passed to {@code translate}, which is told exactly once how the
 * transaction ended ({@code RETRY}: translate again; {@code TERMINATE}: abort it):
 * <ul>
 *   <li>a <em>fault</em> ({@link #fault(FaultRecord, long)}): raised to the node's fault sink,
 *       where a fault handler resolves or terminates it;</li>
 *   <li>a <em>held</em> transaction ({@link #held(FaultRecord, long)}): the IOMMU holds it behind
 *       another transaction's stalled fault without raising anything, as an ARM SMMU context
 *       without HUPCF does; its record describes the held transaction and reaches no handler.</li>
 * </ul>
 *
 * @param physicalAddress the translated address; -1 for a fault or a held transaction
 * @param latencyNanos time the lookup took, {@code >= 0}
 * @param fault the fault that was raised (or the held transaction), or null on success
 * @param held whether the transaction is held rather than faulted (then no fault was raised)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Translation(long physicalAddress, long latencyNanos, FaultRecord fault, boolean held) {
    /** Checks arguments. */
    public Translation {
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0: " + latencyNanos);
        }
        if ((fault == null) == (physicalAddress < 0)) {
            throw new IllegalArgumentException("a translation has either an address or a fault");
        }
        if (held && fault == null) {
            throw new IllegalArgumentException("a held translation describes the held transaction");
        }
    }

    /** A translation that is not held: a hit ({@code fault == null}) or a raised fault. */
    public Translation(long physicalAddress, long latencyNanos, FaultRecord fault) {
        this(physicalAddress, latencyNanos, fault, false);
    }

    /** A successful translation. */
    public static Translation hit(long physicalAddress, long latencyNanos) {
        return new Translation(physicalAddress, latencyNanos, null, false);
    }

    /** A failed translation; the fault has been raised to the node's fault sink. */
    public static Translation fault(FaultRecord fault, long latencyNanos) {
        return new Translation(-1, latencyNanos, Objects.requireNonNull(fault, "fault is null"), false);
    }

    /**
     * A transaction held behind another one's stalled fault; nothing was raised. The listener hears
     * {@code RETRY} when the hold ends (or {@code TERMINATE} if the IOMMU aborts it).
     *
     * @param transaction the held transaction (stream, domain, address, access), with an id from
     *     the node's fault sink so that a trace can follow it
     * @param latencyNanos time the lookup took
     * @since 0.1
     */
    public static Translation held(FaultRecord transaction, long latencyNanos) {
        return new Translation(-1, latencyNanos, Objects.requireNonNull(transaction, "transaction is null"), true);
    }

    /**
     * Whether the translation gave no address: a raised fault or a held transaction. Either way the
     * device waits for its listener.
     */
    public boolean isFault() {
        return fault != null;
    }

    /** Whether a fault was raised to the node's fault sink (not a hit, not held). */
    public boolean isRaisedFault() {
        return fault != null && !held;
    }
}
