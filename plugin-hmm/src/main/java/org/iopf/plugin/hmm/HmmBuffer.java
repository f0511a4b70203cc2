package org.iopf.plugin.hmm;

import static java.util.Objects.requireNonNull;

import java.util.OptionalInt;
import java.util.OptionalLong;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.toolkit.buffer.MappedBuffer;

/** A buffer mapped by an {@link HmmDevice}: anonymous memory of a process, migratable to the device. */
final class HmmBuffer extends MappedBuffer<HmmBuffer.Holder> {
    /** Who holds a reference: only its owner (the allocation and each retain). */
    enum Holder {
        /** The allocation itself, or a plain {@code retain}. */
        OWNER
    }

    private final MemoryManager memory;

    HmmBuffer(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength, MemoryManager memory) {
        super(id, spec, owner, address, mappedLength, Holder.class, Holder.OWNER);
        this.memory = requireNonNull(memory, "memory is null");
    }

    @Override
    public OptionalInt numaNode() {
        OptionalLong pa = memory.translate(owner(), address(), Access.READ);
        return pa.isPresent() ? OptionalInt.of(memory.physicalMemory().numaNodeOf(pa.getAsLong())) : OptionalInt.empty();
    }

    @Override
    public boolean pinned() {
        return false;
    }

    void retain() {
        references().retain(Holder.OWNER);
    }

    /** Drops a reference; true when it was the last. */
    boolean release() {
        return references().release(Holder.OWNER);
    }

    @Override
    public String toString() {
        return "HmmBuffer[" + id() + ", " + size() + " B at 0x" + Long.toHexString(address()) + "]";
    }
}
