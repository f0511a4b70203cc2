package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;

/**
 * The driver's mirror of a receiving process's page table in the IOMMU: the NIC's stream is
 * attached to a domain of the process, every resident page of the rx buffer is mapped when the
 * receiver opens, and an MMU notifier unmaps whatever the OS takes away (reclaim, NUMA migration,
 * unmap) before the frame is reused, so the NIC's next write there faults instead of landing in a
 * stale frame. Faulted pages are mapped again by the OS fault handler once resolved.
 *
 * <p>Copy-on-write (a fork of the receiving process) is mirrored as the CPU page table has it:
 * on {@link InvalidationReason#PROTECTION} the range's writable entries are mapped again
 * read-only, so the NIC's next write there is a PERMISSION fault; on
 * {@link InvalidationReason#COPY_ON_WRITE} (the page moves to its private copy) the entry of the
 * old, shared frame is unmapped. Only an invalidation that revokes a writable entry counts for
 * the epoch: a DMA can only be in flight through a writable translation.
 */
final class IommuMirror implements MmuNotifier {
    private static final long PAGE = PageSize.BASE.bytes();

    private final Iommu iommu;
    private final StreamId stream;
    private final DomainId domain;
    private final RxBuffer buffer;
    private final Counter invalidatedPages;
    private long epoch;

    private IommuMirror(Iommu iommu, StreamId stream, DomainId domain, RxBuffer buffer, Metrics metrics) {
        this.iommu = iommu;
        this.stream = stream;
        this.domain = domain;
        this.buffer = buffer;
        this.invalidatedPages = NicStatistics.IOMMU_INVALIDATED_PAGES.counter(metrics);
    }

    /**
     * Attaches stream {@code streamId} to the domain of the same number for the buffer's process,
     * maps the buffer's resident pages and registers the notifier.
     */
    static IommuMirror attach(Iommu iommu, MemoryManager memoryManager, int streamId, RxBuffer buffer,
            Metrics metrics) {
        Objects.requireNonNull(iommu, "iommu is null");
        Objects.requireNonNull(memoryManager, "memoryManager is null");
        AddressSpace space = buffer.space();
        IommuMirror mirror = new IommuMirror(iommu, new StreamId(streamId), new DomainId(streamId), buffer, metrics);
        iommu.attach(mirror.stream, mirror.domain, space);
        for (long va = buffer.base(); va < buffer.base() + buffer.length(); va += PAGE) {
            PageTableEntry entry = space.entry(va).orElse(null);
            if (entry != null && entry.present()) {
                iommu.map(mirror.domain, va, entry.physicalAddress(va), PAGE, entry.writable());
            }
        }
        memoryManager.registerNotifier(space, mirror);
        return mirror;
    }

    @Override
    public void invalidateRange(AddressSpace space, AddressRange range, InvalidationReason reason) {
        if (space.pid() != buffer.space().pid()) {
            return;
        }
        long start = Math.max(range.start(), buffer.base());
        long end = Math.min(range.end(), buffer.base() + buffer.length());
        if (start >= end) {
            return;
        }
        switch (reason) {
            case PROTECTION -> writeProtect(space, start, end);
            case COPY_ON_WRITE -> {
                if (anyWritable(space, start, end)) {
                    epoch++;
                }
                iommu.unmap(domain, start, end - start);
                invalidatedPages.add((end - start) / PAGE);
            }
            default -> {
                epoch++;
                iommu.unmap(domain, start, end - start);
                invalidatedPages.add((end - start) / PAGE);
            }
        }
    }

    /** Maps the range's resident pages again read-only (the frames stay), the others not at all. */
    private void writeProtect(AddressSpace space, long start, long end) {
        if (anyWritable(space, start, end)) {
            epoch++;
        }
        iommu.unmap(domain, start, end - start);
        for (long va = start; va < end; va += PAGE) {
            PageTableEntry entry = space.entry(va).orElse(null);
            if (entry != null && entry.present()) {
                iommu.map(domain, va, entry.physicalAddress(va), PAGE, false);
            }
        }
        invalidatedPages.add((end - start) / PAGE);
    }

    private static boolean anyWritable(AddressSpace space, long start, long end) {
        for (long va = start; va < end; va += PAGE) {
            PageTableEntry entry = space.entry(va).orElse(null);
            if (entry != null && entry.present() && entry.writable()) {
                return true;
            }
        }
        return false;
    }

    /** Translates one write (or read) of the NIC at {@code va} through the IOMMU. */
    Translation iommuTranslate(long va, Access access, FaultResolutionListener onResolved) {
        return iommu.translate(stream, va, access, onResolved);
    }

    /**
     * A count of the invalidations so far. A DMA that translated before an invalidation must not
     * write through its translation afterwards (the frame may be reused): the NIC compares epochs.
     */
    long epoch() {
        return epoch;
    }

    /** The NIC's stream id. */
    StreamId stream() {
        return stream;
    }

    /** The domain that translates for the receiving process. */
    DomainId domain() {
        return domain;
    }
}
