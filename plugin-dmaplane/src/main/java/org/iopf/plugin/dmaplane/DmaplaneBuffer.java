package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;

/**
 * A dmaplane buffer (seed 004 §2.1 {@code struct dmaplane_buffer}): pinned pages in its owner's
 * address space, a NUMA node, and a reference count made of the allocation's own reference, mmap
 * references (VMA open/close), importers' attachments and engine references (transfers in flight).
 * Its memory is released only when the count reaches zero. A GPU buffer can be revoked by the GPU
 * driver's unpin callback (E9): it stays allocated until its last reference goes, but no new
 * transfer may use it.
 */
final class DmaplaneBuffer implements Buffer {
    private final long id;
    private final BufferSpec spec;
    private final AddressSpace owner;
    private final long address;
    private final long mappedLength;
    private final int numaNode;
    private final boolean gpu;
    private int refCount = 1;
    private int mmaps;
    private int attachments;
    private int engineRefs;
    private boolean revoked;

    DmaplaneBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, int numaNode,
            boolean gpu) {
        this.id = id;
        this.spec = Objects.requireNonNull(spec, "spec is null");
        this.owner = Objects.requireNonNull(owner, "owner is null");
        this.address = address;
        this.mappedLength = mappedLength;
        this.numaNode = numaNode;
        this.gpu = gpu;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public long size() {
        return spec.size();
    }

    @Override
    public BufferSpec spec() {
        return spec;
    }

    @Override
    public AddressSpace owner() {
        return owner;
    }

    @Override
    public long address() {
        return address;
    }

    /** Bytes mapped (the size rounded up to whole pages). */
    long mappedLength() {
        return mappedLength;
    }

    @Override
    public int numaNode() {
        return refCount == 0 ? -1 : numaNode;
    }

    @Override
    public int refCount() {
        return refCount;
    }

    @Override
    public boolean pinned() {
        return refCount > 0;
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
        return mmaps;
    }

    int attachments() {
        return attachments;
    }

    int engineRefs() {
        return engineRefs;
    }

    void retain(RefKind kind) {
        if (refCount == 0) {
            throw new IllegalStateException("buffer " + id + " is freed already");
        }
        refCount++;
        switch (kind) {
            case MMAP -> mmaps++;
            case ATTACHMENT -> attachments++;
            case ENGINE -> engineRefs++;
            case OWNER -> { }
        }
    }

    /** Drops one reference of {@code kind}; returns whether it was the last. */
    boolean release(RefKind kind) {
        if (refCount == 0) {
            throw new IllegalStateException("buffer " + id + " is freed already");
        }
        switch (kind) {
            case MMAP -> mmaps = dec(mmaps, kind);
            case ATTACHMENT -> attachments = dec(attachments, kind);
            case ENGINE -> engineRefs = dec(engineRefs, kind);
            case OWNER -> {
                // the owner's references are those no mmap, attachment or engine holds: an owner that
                // has none left must not drop another holder's reference (and free the buffer under it)
                if (refCount == mmaps + attachments + engineRefs) {
                    throw new IllegalStateException("buffer " + id + " holds no " + kind + " reference: its "
                            + refCount + " reference(s) belong to mmaps, attachments and engines");
                }
            }
        }
        return --refCount == 0;
    }

    private int dec(int count, RefKind kind) {
        if (count == 0) {
            throw new IllegalStateException("buffer " + id + " holds no " + kind + " reference");
        }
        return count - 1;
    }

    @Override
    public String toString() {
        return "dmaplane-buffer#" + id + "[" + spec.size() + " B, numa " + numaNode + ", refs " + refCount + "]";
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
