package org.iopf.reference;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.buffer.SgEntry;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PinResult;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Units;

/**
 * The baseline buffer manager: every buffer is mapped and pinned in full when it is allocated,
 * and an allocation that would exceed the pinnable limit is refused. Buffers are reference
 * counted; the last release unpins and unmaps. An attachment's reference is dropped by its detach
 * only: an owner that has released all of its own references cannot release the buffer again.
 */
final class PinnedBufferManager implements BufferManager {
    private final ComponentContext context;
    private final MemoryManager memory;
    private final long coherentLimit;
    private final Map<Long, PinnedBuffer> live = new TreeMap<>();
    private long nextId = 1;

    @Inject
    PinnedBufferManager(ComponentContext context, MemoryManager memory) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.coherentLimit = context.parameters().get(PinnedBufferManagerType.COHERENT_LIMIT);
        PinnedBufferManagerType.RESERVED.gauge(context.metrics(), this::reservedBytes);
        PinnedBufferManagerType.BUFFERS.gauge(context.metrics(), () -> live.size());
    }

    @Override
    public AllocationResult allocate(AddressSpace owner, BufferSpec spec) {
        Objects.requireNonNull(owner, "owner is null");
        Objects.requireNonNull(spec, "spec is null");
        if (spec.mode() == AllocationMode.COHERENT && spec.size() > coherentLimit) {
            return new AllocationResult.Refused("coherent allocation of " + spec.size()
                    + " B exceeds the coherent limit of " + coherentLimit + " B; use page allocation");
        }
        PageSize page = spec.hugePages() ? PageSize.HUGE_2M : PageSize.BASE;
        long length = page.alignUp(spec.size());
        MapOptions options = MapOptions.DEFAULT.onNumaNode(spec.numaNode(), spec.numaPolicy())
                .withTransparentHugePages(spec.hugePages());
        long va = memory.mmap(owner, length, options);
        PinResult pinned = memory.pin(owner, va, length);
        if (pinned != PinResult.PINNED) {
            memory.munmap(owner, va, length);
            return new AllocationResult.Refused(switch (pinned) {
                case LIMIT_EXCEEDED -> "pinning " + Units.formatBytes(length) + " would exceed the pinnable limit of "
                        + Units.formatBytes(memory.pinnableLimit()) + " ("
                        + Units.formatBytes(memory.stats().pinnedBytes()) + " pinned)";
                case OUT_OF_MEMORY -> "out of memory pinning " + Units.formatBytes(length);
                default -> "pinning failed: " + pinned;
            });
        }
        long pa = memory.translate(owner, va, Access.READ).orElseThrow();
        int numa = memory.physicalMemory().numaNodeOf(pa);
        PinnedBuffer buffer = new PinnedBuffer(nextId++, spec, owner, va, length, numa);
        live.put(buffer.id(), buffer);
        return new AllocationResult.Allocated(buffer);
    }

    @Override
    public void retain(Buffer buffer) {
        own(buffer).retain();
    }

    @Override
    public void release(Buffer buffer) {
        PinnedBuffer own = own(buffer);
        if (own.release()) {
            free(own);
        }
    }

    private void free(PinnedBuffer own) {
        live.remove(own.id());
        memory.unpin(own.owner(), own.address(), own.mappedLength());
        memory.munmap(own.owner(), own.address(), own.mappedLength());
    }

    @Override
    public Attachment attach(Buffer buffer, String importer) {
        Objects.requireNonNull(importer, "importer is null");
        PinnedBuffer own = own(buffer);
        own.retainForAttachment();
        return new PinnedAttachment(importer, own, scatterGather(own));
    }

    @Override
    public void detach(Attachment attachment) {
        if (!(attachment instanceof PinnedAttachment pinned) || !pinned.detach()) {
            throw new IllegalArgumentException("not a live attachment of this manager: " + attachment);
        }
        PinnedBuffer own = (PinnedBuffer) pinned.buffer();
        if (own.releaseAttachment()) {
            free(own);
        }
    }

    @Override
    public List<Buffer> buffers() {
        return List.copyOf(live.values());
    }

    @Override
    public long reservedBytes() {
        long total = 0;
        for (PinnedBuffer b : live.values()) {
            total += b.mappedLength();
        }
        return total;
    }

    /** The buffer's physical pieces, adjacent frames merged. */
    private List<SgEntry> scatterGather(PinnedBuffer buffer) {
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

    private PinnedBuffer own(Buffer buffer) {
        Objects.requireNonNull(buffer, "buffer is null");
        if (!(buffer instanceof PinnedBuffer pinned)) {
            throw new IllegalArgumentException(buffer + " does not belong to " + context.path());
        }
        return pinned;
    }
}
