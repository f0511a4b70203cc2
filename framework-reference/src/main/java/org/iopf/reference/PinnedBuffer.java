package org.iopf.reference;

import java.util.Objects;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;

/**
 * A buffer of {@link PinnedBufferManager}: pinned for its whole life, freed when its reference
 * count reaches zero.
 */
final class PinnedBuffer implements Buffer {
    private final long id;
    private final BufferSpec spec;
    private final AddressSpace owner;
    private final long address;
    private final long mappedLength;
    private final int numaNode;
    private int refCount = 1;
    /** References held by attachments (part of {@link #refCount}). */
    private int attachments;

    PinnedBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, int numaNode) {
        this.id = id;
        this.spec = Objects.requireNonNull(spec, "spec is null");
        this.owner = Objects.requireNonNull(owner, "owner is null");
        this.address = address;
        this.mappedLength = mappedLength;
        this.numaNode = numaNode;
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

    void retain() {
        if (refCount == 0) {
            throw new IllegalStateException("buffer " + id + " is freed already");
        }
        refCount++;
    }

    /**
     * Drops one of the owner's references (the allocation or a retain); returns whether it was the
     * last reference. An owner that holds none cannot drop an attachment's reference: only its
     * detach does, so the buffer is never freed under an importer.
     */
    boolean release() {
        if (refCount == 0) {
            throw new IllegalStateException("buffer " + id + " is freed already");
        }
        if (refCount == attachments) {
            throw new IllegalStateException("buffer " + id + " holds no owner reference: its " + refCount
                    + " reference(s) belong to attachments, which detach releases");
        }
        return --refCount == 0;
    }

    /** Adds an attachment's reference. */
    void retainForAttachment() {
        retain();
        attachments++;
    }

    /** Drops an attachment's reference; returns whether it was the last reference. */
    boolean releaseAttachment() {
        if (attachments == 0) {
            throw new IllegalStateException("buffer " + id + " holds no attachment reference");
        }
        attachments--;
        return --refCount == 0;
    }

    @Override
    public String toString() {
        return "buffer#" + id + "[" + spec.size() + " B, numa " + numaNode + ", refs " + refCount + "]";
    }
}
