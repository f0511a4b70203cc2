package org.iopf.plugin.uvm;

import static java.util.Objects.requireNonNull;

import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;

/** A managed allocation ({@code cudaMallocManaged}): process memory that migrates to the GPU on demand. */
final class UvmBuffer implements Buffer {
    private final long id;
    private final BufferSpec spec;
    private final AddressSpace owner;
    private final long address;
    private final long mappedLength;
    private final MemoryManager memory;
    private int refs = 1;

    UvmBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, MemoryManager memory) {
        this.id = id;
        this.spec = requireNonNull(spec, "spec is null");
        this.owner = requireNonNull(owner, "owner is null");
        this.address = address;
        this.mappedLength = mappedLength;
        this.memory = requireNonNull(memory, "memory is null");
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
        long pa = memory.translate(owner, address, Access.READ);
        return pa < 0 ? -1 : memory.physicalMemory().numaNodeOf(pa);
    }

    @Override
    public int refCount() {
        return refs;
    }

    @Override
    public boolean pinned() {
        return false;
    }

    boolean freed() {
        return refs == 0;
    }

    void retain() {
        if (refs == 0) {
            throw new IllegalStateException("buffer " + id + " was freed");
        }
        refs++;
    }

    /** Drops a reference; true when it was the last. */
    boolean release() {
        if (refs == 0) {
            throw new IllegalStateException("buffer " + id + " was freed");
        }
        return --refs == 0;
    }

    @Override
    public String toString() {
        return "UvmBuffer[" + id + ", " + spec.size() + " B at 0x" + Long.toHexString(address) + "]";
    }
}
