package org.iopf.plugin.dmaplane;

import java.util.OptionalInt;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.toolkit.buffer.MappedBuffer;

/**
 * A dmaplane buffer (seed 004 §2.1 {@code struct dmaplane_buffer}): pinned pages in its owner's
 * address space, a NUMA node, and a reference count made of the allocation's own reference, mmap
 * references (VMA open/close), importers' attachments and engine references (transfers in flight).
 * Its memory is released only when the count reaches zero. A GPU buffer can be revoked by the GPU
 * driver's unpin callback (E9): it stays allocated until its last reference goes, but no new
 * transfer may use it.
 */
final class DmaplaneBuffer extends MappedBuffer<DmaplaneBuffer.RefKind> {
    private final int numaNode;
    private final boolean gpu;
    private boolean revoked;

    DmaplaneBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, int numaNode,
            boolean gpu) {
        super(id, spec, owner, address, mappedLength, RefKind.class, RefKind.OWNER);
        this.numaNode = numaNode;
        this.gpu = gpu;
    }

    @Override
    public OptionalInt numaNode() {
        return references().freed() ? OptionalInt.empty() : OptionalInt.of(numaNode);
    }

    @Override
    public boolean pinned() {
        return !references().freed();
    }

    /** Whether this buffer stands for GPU memory reached through a BAR. */
    boolean isGpu() {
        return gpu;
    }

    /** Whether the GPU driver revoked it (unpin callback). */
    boolean isRevoked() {
        return revoked;
    }

    void revoke() {
        revoked = true;
    }

    int mmaps() {
        return references().held(RefKind.MMAP);
    }

    int attachments() {
        return references().held(RefKind.ATTACHMENT);
    }

    int engineRefs() {
        return references().held(RefKind.ENGINE);
    }

    void retain(RefKind kind) {
        references().retain(kind);
    }

    /**
     * Drops one reference of {@code kind}; returns whether it was the last. The owner's references
     * are those no mmap, attachment or engine holds: an owner that has none left cannot drop another
     * holder's reference (and free the buffer under it).
     */
    boolean release(RefKind kind) {
        return references().release(kind);
    }

    @Override
    public String toString() {
        return "dmaplane-buffer#" + id() + "[" + size() + " B, numa " + numaNode + ", refs " + refCount() + "]";
    }

    /** What holds a reference. */
    enum RefKind {
        /** The allocation itself, or a plain {@code retain}. */
        OWNER,
        /** A user mapping (vm_operations open/close). */
        MMAP,
        /** An importer's dma-buf attachment. */
        ATTACHMENT,
        /** An engine's transfer in flight. */
        ENGINE
    }
}
