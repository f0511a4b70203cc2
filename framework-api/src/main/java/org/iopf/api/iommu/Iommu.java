package org.iopf.api.iommu;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import org.apiguardian.api.API;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;

/**
 * The IOMMU role: translates device addresses per protection domain.
 *
 * <p>A stream (device) is attached to a domain; a domain translates for one process's address
 * space. An implementation either keeps its own I/O page tables, filled by {@link #map} (the
 * pinned baseline), or walks tables that mirror the process's page table (shared virtual
 * addressing, as ExaNeSt's SMMU does). Either way a miss raises a {@code PageFault} into the
 * node's {@link org.iopf.api.fault.FaultSink}: the faulting transaction is stalled until the fault
 * handler answers (stall mode) or is reported as terminated at once (terminate mode).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Iommu {
    /**
     * Attaches a device's stream to a protection domain that translates for {@code space}.
     *
     * @throws IllegalArgumentException if the stream is attached already or the domain is
     *     bound to another address space
     */
    void attach(StreamId stream, DomainId domain, AddressSpace space);

    /** Detaches a stream; its later transactions fault with {@code CONFIGURATION}. */
    void detach(StreamId stream);

    /** The domain a stream is attached to. */
    Optional<DomainId> domainOf(StreamId stream);

    /**
     * Translates one transaction.
     *
     * @param stream the device, not null
     * @param iova the I/O virtual address
     * @param access read or write
     * @param onResolved told how the fault ended, if this translation faults; not null
     * @return a {@link Translation.Hit} with the physical address, a {@link Translation.Fault} that was
     *     raised, or a {@link Translation.Held} transaction behind another stalled fault (nothing was
     *     raised), each with its latency; in both of the latter the device waits for {@code onResolved}
     */
    Translation translate(StreamId stream, long iova, Access access, FaultResolutionListener onResolved);

    /** Maps {@code [iova, iova+length)} to {@code [pa, pa+length)} in a domain's I/O page table. */
    void map(DomainId domain, long iova, long pa, long length, boolean writable);

    /** Removes mappings and invalidates them from the TLB. */
    void unmap(DomainId domain, long iova, long length);

    /** Invalidates cached translations of a range of a domain (TLBIVA by range). */
    void invalidate(DomainId domain, AddressRange range);

    /** Invalidates every cached translation of a domain (TLBIASID / TLBIALL for the context). */
    void invalidateAll(DomainId domain);
}
