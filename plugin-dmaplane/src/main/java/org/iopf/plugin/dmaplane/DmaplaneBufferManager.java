package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.buffer.SgEntry;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PinResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.plugin.dmaplane.DmaplaneBuffer.RefKind;

/**
 * The buffer manager of seed 004 §2.1-2.2 and §3.3 (E2, E4): coherent allocation for control
 * structures up to the coherent limit, page allocation on a chosen NUMA node for data (strict
 * local, then nearest by SLIT distance, then any), pinned for the buffer's life; reference counts
 * that track the owner, mmaps, importers and engines; dma-buf-style export with one SG table per
 * attachment; release only when the last reference is gone.
 */
final class DmaplaneBufferManager implements BufferManager {
    private final MemoryManager memory;
    private final NumaPlacement placement;
    private final long coherentLimit;
    private final Map<Long, DmaplaneBuffer> live = new TreeMap<>();
    private final List<Consumer<DmaplaneBuffer>> freeListeners = new ArrayList<>();
    private final Counter placedLocal;
    private final Counter placedFallback;
    private final Counter placedSpread;
    private final Counter refused;
    private long nextId;

    DmaplaneBufferManager(MemoryManager memory, long coherentLimit, Metrics metrics) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.placement = new NumaPlacement(memory.physicalMemory());
        if (coherentLimit <= 0) {
            throw new IllegalArgumentException("coherentLimit must be > 0: " + coherentLimit);
        }
        this.coherentLimit = coherentLimit;
        this.placedLocal = DmaplaneStatistics.BUFFERS_LOCAL.counter(metrics);
        this.placedFallback = DmaplaneStatistics.BUFFERS_FALLBACK.counter(metrics);
        this.placedSpread = DmaplaneStatistics.BUFFERS_SPREAD.counter(metrics);
        this.refused = DmaplaneStatistics.BUFFERS_REFUSED.counter(metrics);
        DmaplaneStatistics.BUFFERS_RESERVED.gauge(metrics, this::reservedBytes);
        DmaplaneStatistics.BUFFERS_LIVE.gauge(metrics, live::size);
    }

    /** Called with each buffer as its last reference goes, before its memory is released. */
    void onFree(Consumer<DmaplaneBuffer> listener) {
        freeListeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    NumaPlacement placement() {
        return placement;
    }

    @Override
    public AllocationResult allocate(AddressSpace owner, BufferSpec spec) {
        return allocate(owner, spec, false);
    }

    /** Allocates a buffer that stands for GPU memory pinned for peer access (seed 004 §5). */
    AllocationResult allocateGpu(AddressSpace owner, long size, int numaNode) {
        return allocate(owner, new BufferSpec(size, AllocationMode.PAGES, numaNode, NumaPolicy.NEAREST, false), true);
    }

    private AllocationResult allocate(AddressSpace owner, BufferSpec spec, boolean gpu) {
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(spec, "spec is null");
        if (spec.mode() == AllocationMode.COHERENT && spec.size() > coherentLimit) {
            refused.increment();
            return new AllocationResult.Refused("coherent allocation of " + spec.size()
                    + " B exceeds the coherent limit of " + coherentLimit + " B; use page allocation");
        }
        PageSize page = spec.hugePages() ? PageSize.HUGE_2M : PageSize.BASE;
        long length = page.alignUp(spec.size());
        OptionalInt node = placement.choose(spec.numaNode(), spec.numaPolicy(), length);
        NumaPolicy framePolicy;
        int frameNode;
        if (node.isPresent()) {
            frameNode = node.getAsInt();
            framePolicy = NumaPolicy.STRICT_LOCAL;
        } else if (spec.numaPolicy() == NumaPolicy.ANY) {
            frameNode = spec.numaNode();
            framePolicy = NumaPolicy.ANY;
        } else {
            refused.increment();
            return new AllocationResult.Refused("no NUMA node allowed by " + spec.numaPolicy() + " from node "
                    + spec.numaNode() + " has " + length + " B free");
        }
        MapOptions options = MapOptions.DEFAULT.onNumaNode(frameNode, framePolicy)
                .withTransparentHugePages(spec.hugePages());
        long va = memory.mmap(owner, length, options);
        PinResult pinned = memory.pin(owner, va, length);
        if (pinned != PinResult.PINNED) {
            memory.munmap(owner, va, length);
            refused.increment();
            return new AllocationResult.Refused("pinning " + length + " B failed: " + pinned);
        }
        int numa = majorityNode(owner, va, length);
        if (framePolicy == NumaPolicy.ANY) {
            placedSpread.increment();
        } else if (frameNode == spec.numaNode()) {
            placedLocal.increment();
        } else {
            placedFallback.increment();
        }
        DmaplaneBuffer buffer = new DmaplaneBuffer(nextId++, spec, owner, va, length, numa, gpu);
        live.put(buffer.id(), buffer);
        return new AllocationResult.Allocated(buffer);
    }

    private int majorityNode(AddressSpace owner, long va, long length) {
        int[] pages = new int[memory.physicalMemory().topology().nodeCount()];
        long end = va + length;
        long at = va;
        while (at < end) {
            PageTableEntry pte = owner.entry(at).orElseThrow(() -> new IllegalStateException("pinned page not mapped"));
            pages[memory.physicalMemory().numaNodeOf(pte.physicalAddress(at))]++;
            at = pte.va() + pte.size().bytes();
        }
        int best = 0;
        for (int i = 1; i < pages.length; i++) {
            if (pages[i] > pages[best]) {
                best = i;
            }
        }
        return best;
    }

    @Override
    public void retain(Buffer buffer) {
        own(buffer).retain(RefKind.OWNER);
    }

    @Override
    public void release(Buffer buffer) {
        release(own(buffer), RefKind.OWNER);
    }

    /** An engine starts using the buffer for a transfer. */
    void retainForEngine(DmaplaneBuffer buffer) {
        buffer.retain(RefKind.ENGINE);
    }

    /** An engine's transfer on the buffer ended. */
    void releaseFromEngine(DmaplaneBuffer buffer) {
        release(buffer, RefKind.ENGINE);
    }

    /** Maps the buffer into user space (a VMA open): one more reference. */
    MmapReference mmap(Buffer buffer) {
        DmaplaneBuffer own = own(buffer);
        own.retain(RefKind.MMAP);
        return new MmapReference(own);
    }

    /** Closes a user mapping (a VMA close): drops its reference. */
    void munmap(MmapReference reference) {
        if (!reference.close()) {
            throw new IllegalArgumentException("mapping of buffer " + reference.buffer().id() + " is closed already");
        }
        release(reference.buffer(), RefKind.MMAP);
    }

    @Override
    public Attachment attach(Buffer buffer, String importer) {
        Objects.requireNonNull(importer, "importer is null");
        DmaplaneBuffer own = own(buffer);
        own.retain(RefKind.ATTACHMENT);
        return new DmaplaneAttachment(importer, own, scatterGather(own));
    }

    @Override
    public void detach(Attachment attachment) {
        if (!(attachment instanceof DmaplaneAttachment own) || !own.detach()) {
            throw new IllegalArgumentException("not a live attachment of this manager: " + attachment);
        }
        release(own.ownBuffer(), RefKind.ATTACHMENT);
    }

    private void release(DmaplaneBuffer buffer, RefKind kind) {
        if (buffer.release(kind)) {
            live.remove(buffer.id());
            for (Consumer<DmaplaneBuffer> listener : freeListeners) {
                listener.accept(buffer);
            }
            memory.unpin(buffer.owner(), buffer.address(), buffer.mappedLength());
            memory.munmap(buffer.owner(), buffer.address(), buffer.mappedLength());
        }
    }

    @Override
    public List<Buffer> buffers() {
        return List.copyOf(live.values());
    }

    /** The live buffers as this manager's own type, by id. */
    List<DmaplaneBuffer> liveBuffers() {
        return List.copyOf(live.values());
    }

    @Override
    public long reservedBytes() {
        long total = 0;
        for (DmaplaneBuffer b : live.values()) {
            total += b.mappedLength();
        }
        return total;
    }

    /** The buffer's physical pieces as an importer sees them, adjacent frames merged. */
    List<SgEntry> scatterGather(DmaplaneBuffer buffer) {
        List<SgEntry> table = new ArrayList<>();
        long runStart = -1;
        long runLength = 0;
        long va = buffer.address();
        long end = buffer.address() + buffer.size();
        while (va < end) {
            PageTableEntry pte = buffer.owner().entry(va).orElseThrow(
                    () -> new IllegalStateException("pinned buffer page not mapped"));
            long pa = pte.physicalAddress(va);
            long piece = Math.min(end, pte.va() + pte.size().bytes()) - va;
            if (runStart >= 0 && runStart + runLength == pa) {
                runLength += piece;
            } else {
                if (runStart >= 0) {
                    table.add(new SgEntry(runStart, runLength));
                }
                runStart = pa;
                runLength = piece;
            }
            va += piece;
        }
        table.add(new SgEntry(runStart, runLength));
        return List.copyOf(table);
    }

    DmaplaneBuffer own(Buffer buffer) {
        Objects.requireNonNull(buffer, "buffer is null");
        if (!(buffer instanceof DmaplaneBuffer own)) {
            throw new IllegalArgumentException(buffer + " is not a buffer of this dmaplane");
        }
        if (own.refCount() == 0) {
            throw new IllegalStateException("buffer " + own.id() + " is freed already");
        }
        if (live.get(own.id()) != own) {
            throw new IllegalArgumentException(buffer + " is not a buffer of this dmaplane");
        }
        return own;
    }
}
