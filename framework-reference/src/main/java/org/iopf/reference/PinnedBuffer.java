package org.iopf.reference;

import java.util.OptionalInt;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.toolkit.buffer.MappedBuffer;

/**
 * A buffer of {@link PinnedBufferManager}: pinned for its whole life, freed when its reference
 * count reaches zero. Its references are the owner's (the allocation and each retain) and the
 * importers' attachments.
 */
final class PinnedBuffer extends MappedBuffer<PinnedBuffer.Holder> {
    /** Who holds a reference. */
    enum Holder {
        /** The allocation itself, or a plain {@code retain}. */
        OWNER,
        /** An importer's attachment, which its detach releases. */
        ATTACHMENT
    }

    private final int numaNode;

    PinnedBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, int numaNode) {
        super(id, spec, owner, address, mappedLength, Holder.class, Holder.OWNER);
        this.numaNode = numaNode;
    }

    @Override
    public OptionalInt numaNode() {
        return references().freed() ? OptionalInt.empty() : OptionalInt.of(numaNode);
    }

    @Override
    public boolean pinned() {
        return !references().freed();
    }

    void retain() {
        references().retain(Holder.OWNER);
    }

    /**
     * Drops one of the owner's references (the allocation or a retain); returns whether it was the
     * last reference. An owner that holds none cannot drop an attachment's reference: only its
     * detach does, so the buffer is never freed under an importer.
     */
    boolean release() {
        return references().release(Holder.OWNER);
    }

    /** Adds an attachment's reference. */
    void retainForAttachment() {
        references().retain(Holder.ATTACHMENT);
    }

    /** Drops an attachment's reference; returns whether it was the last reference. */
    boolean releaseAttachment() {
        return references().release(Holder.ATTACHMENT);
    }

    @Override
    public String toString() {
        return "buffer#" + id() + "[" + size() + " B, numa " + numaNode + ", refs " + refCount() + "]";
    }
}
