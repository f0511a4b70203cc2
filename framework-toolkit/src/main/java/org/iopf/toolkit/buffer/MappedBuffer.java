package org.iopf.toolkit.buffer;

import java.util.Objects;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;

/**
 * What every buffer of a buffer manager has: an id, the spec it was asked with, the process whose
 * address space maps it, where, how many bytes are mapped (the size rounded up to whole pages), and
 * its {@link ReferenceCount}. A manager's buffer adds what it knows more (pinning, NUMA placement,
 * revocation).
 *
 * @param <K> who may hold a reference to it
 */
public abstract class MappedBuffer<K extends Enum<K>> implements Buffer {
    private final long id;
    private final BufferSpec spec;
    private final AddressSpace owner;
    private final long address;
    private final long mappedLength;
    private final ReferenceCount<K> references;

    /**
     * A buffer with the allocation's one reference, held by {@code ownerKind}.
     *
     * @param kinds who may hold a reference
     */
    protected MappedBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength,
            Class<K> kinds, K ownerKind) {
        this.id = id;
        this.spec = Objects.requireNonNull(spec, "spec is null");
        this.owner = Objects.requireNonNull(owner, "owner is null");
        this.address = address;
        this.mappedLength = mappedLength;
        this.references = new ReferenceCount<>("buffer " + id, kinds, ownerKind);
    }

    @Override
    public final long id() {
        return id;
    }

    @Override
    public final long size() {
        return spec.size();
    }

    @Override
    public final BufferSpec spec() {
        return spec;
    }

    @Override
    public final AddressSpace owner() {
        return owner;
    }

    @Override
    public final long address() {
        return address;
    }

    /** Bytes mapped: the size rounded up to whole pages. */
    public final long mappedLength() {
        return mappedLength;
    }

    @Override
    public final int refCount() {
        return references.total();
    }

    /** Its reference count by holder. */
    public final ReferenceCount<K> references() {
        return references;
    }
}
