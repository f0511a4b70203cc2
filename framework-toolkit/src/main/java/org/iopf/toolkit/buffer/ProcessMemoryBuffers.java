package org.iopf.toolkit.buffer;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;

/**
 * The buffers of a buffer manager whose buffers are anonymous process memory, never pinned and
 * never exported: a device that reaches memory through the process's address space (HMM's
 * device-private migration, a GPU's managed memory) maps each buffer with {@code mmap}, counts its
 * references, and {@code munmap}s it at the last release. The table checks that a buffer handed
 * back is one of its own and still live.
 *
 * @since 0.1
 */
public final class ProcessMemoryBuffers {
    private final MemoryManager memory;
    private final String manager;
    private final TreeMap<Long, Mapped> buffers = new TreeMap<>();
    private long nextId = 1;

    /**
     * A table for one buffer manager.
     *
     * @param memory the node's memory manager, not null
     * @param manager the manager's path ({@code node1/gpu}), for messages; not null
     */
    public ProcessMemoryBuffers(MemoryManager memory, String manager) {
        this.memory = requireNonNull(memory, "memory is null");
        this.manager = requireNonNull(manager, "manager is null");
    }

    /**
     * Maps a buffer of {@code spec.size()} rounded up to 2 MiB in {@code owner}'s address space with
     * {@code options} (the spec's NUMA node and policy are applied), with one reference.
     *
     * @return the buffer
     */
    public Buffer allocate(AddressSpace owner, BufferSpec spec, MapOptions options) {
        requireNonNull(owner, "owner is null");
        requireNonNull(spec, "spec is null");
        requireNonNull(options, "options is null");
        long length = PageSize.HUGE_2M.alignUp(spec.size());
        long va = memory.mmap(owner, length, options.onNumaNode(spec.numaNode(), spec.numaPolicy()));
        Mapped buffer = new Mapped(nextId++, spec, owner, va, length);
        buffers.put(buffer.id(), buffer);
        return buffer;
    }

    /** Takes one more reference. */
    public void retain(Buffer buffer) {
        own(buffer).retain();
    }

    /** Drops a reference; the last one unmaps the buffer. */
    public void release(Buffer buffer) {
        Mapped own = own(buffer);
        if (own.release()) {
            buffers.remove(own.id());
            memory.munmap(own.owner(), own.address(), own.mappedLength());
        }
    }

    /** The live buffers, by id. */
    public List<Buffer> buffers() {
        return List.copyOf(buffers.values());
    }

    /** Bytes mapped for the live buffers. */
    public long reservedBytes() {
        long total = 0;
        for (Mapped b : buffers.values()) {
            total += b.mappedLength();
        }
        return total;
    }

    private Mapped own(Buffer buffer) {
        requireNonNull(buffer, "buffer is null");
        if (!(buffer instanceof Mapped own) || own.table() != this) {
            throw new IllegalArgumentException(buffer + " does not belong to " + manager);
        }
        // a freed buffer has left the table too: say it was freed, as the role documents for retain
        if (own.references().freed()) {
            throw new IllegalStateException("buffer " + own.id() + " was freed");
        }
        return own;
    }

    /** Who holds a reference to a plain process-memory buffer: only its owner. */
    private enum Holder {
        OWNER
    }

    /** One mapped buffer. */
    private final class Mapped extends MappedBuffer<Holder> {
        Mapped(long id, BufferSpec spec, AddressSpace owner, long address, long mappedLength) {
            super(id, spec, owner, address, mappedLength, Holder.class, Holder.OWNER);
        }

        ProcessMemoryBuffers table() {
            return ProcessMemoryBuffers.this;
        }

        @Override
        public OptionalInt numaNode() {
            OptionalLong pa = memory.translate(owner(), address(), Access.READ);
            return pa.isPresent() ? OptionalInt.of(memory.physicalMemory().numaNodeOf(pa.getAsLong()))
                    : OptionalInt.empty();
        }

        @Override
        public boolean pinned() {
            return false;
        }

        void retain() {
            references().retain(Holder.OWNER);
        }

        boolean release() {
            return references().release(Holder.OWNER);
        }

        @Override
        public String toString() {
            return "Buffer[" + id() + " of " + manager + ", " + size() + " B at 0x" + Long.toHexString(address())
                    + "]";
        }
    }
}
