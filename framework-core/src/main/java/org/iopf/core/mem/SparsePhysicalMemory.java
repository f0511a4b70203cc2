package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.NumaTopology;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;

/**
 * Physical memory that costs only what is used: frames are handed out by one
 * {@link BlockFrameAllocator} per NUMA node (no per-frame objects up front), and contents are
 * stored per written 4 KiB page, as bytes ({@link ContentMode#BYTES}) or as exact run descriptions
 * ({@link ContentMode#FINGERPRINT}). A 256 GiB node costs a few hundred bytes until it is used.
 *
 * <p>NUMA node {@code i} owns the contiguous physical range that starts after the ranges of nodes
 * {@code 0..i-1}; every node's capacity must be a multiple of 2 MiB. Allocation policies:
 * {@link NumaPolicy#STRICT_LOCAL} tries only the preferred node, {@link NumaPolicy#NEAREST} the
 * topology's fallback order, {@link NumaPolicy#ANY} the preferred node and then the others by
 * index.
 *
 * <p>Fingerprints are content hashes ({@link ContentHasher}): the same bytes give the same
 * fingerprint at any address and in either mode, and so does the same generated run (whose
 * fingerprint comes from its seed and offset, not its bytes; {@link #holds} compares exactly). In fingerprint mode {@link #read} regenerates
 * the bytes from the description; {@link #capture} returns a {@link FingerprintPayload}.
 *
 * @since 0.1
 */
public final class SparsePhysicalMemory implements PhysicalMemory {
    private final String name;
    private final NumaTopology topology;
    private final ContentMode contentMode;
    private final long[] bases;
    private final List<BlockFrameAllocator> allocators;
    private final ContentStore contents;
    private final long size;

    /**
     * Creates physical memory.
     *
     * @param name a name for reports, not null
     * @param topology the NUMA layout; each capacity a multiple of 2 MiB
     * @param contentMode how contents are stored
     */
    public SparsePhysicalMemory(String name, NumaTopology topology, ContentMode contentMode) {
        this.name = requireNonNull(name, "name is null");
        this.topology = requireNonNull(topology, "topology is null");
        this.contentMode = requireNonNull(contentMode, "contentMode is null");
        int n = topology.nodeCount();
        this.bases = new long[n];
        List<BlockFrameAllocator> list = new ArrayList<>(n);
        long base = 0;
        for (int i = 0; i < n; i++) {
            long capacity = topology.capacity(i);
            if (capacity % BlockFrameAllocator.BLOCK != 0) {
                throw new IllegalArgumentException("capacity of NUMA node " + i + " must be a multiple of 2 MiB: " + capacity);
            }
            bases[i] = base;
            list.add(new BlockFrameAllocator(base, capacity));
            base = Math.addExact(base, capacity);
        }
        this.allocators = List.copyOf(list);
        this.size = base;
        this.contents = contentMode == ContentMode.BYTES ? new ByteContentStore() : new RunsContentStore();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public NumaTopology topology() {
        return topology;
    }

    @Override
    public ContentMode contentMode() {
        return contentMode;
    }

    @Override
    public OptionalLong allocateFrame(PageSize size, int preferredNode, NumaPolicy policy) {
        requireNonNull(size, "size is null");
        requireNonNull(policy, "policy is null");
        checkNode(preferredNode);
        switch (policy) {
            case STRICT_LOCAL:
                return allocators.get(preferredNode).allocate(size);
            case NEAREST:
                for (int node : topology.fallbackOrder(preferredNode)) {
                    OptionalLong pa = allocators.get(node).allocate(size);
                    if (pa.isPresent()) {
                        return pa;
                    }
                }
                return OptionalLong.empty();
            case ANY:
                OptionalLong local = allocators.get(preferredNode).allocate(size);
                if (local.isPresent()) {
                    return local;
                }
                for (int node = 0; node < allocators.size(); node++) {
                    if (node != preferredNode) {
                        OptionalLong pa = allocators.get(node).allocate(size);
                        if (pa.isPresent()) {
                            return pa;
                        }
                    }
                }
                return OptionalLong.empty();
            default:
                throw new IllegalArgumentException("unknown policy " + policy);
        }
    }

    @Override
    public void freeFrame(long pa, PageSize size) {
        requireNonNull(size, "size is null");
        allocators.get(numaNodeOf(pa)).free(pa, size);
        contents.zero(pa, size.bytes());
    }

    /**
     * Splits an allocated 2 MiB frame into 512 allocated 4 KiB frames, contents unchanged, so that
     * they can be freed one by one (as when the kernel splits a transparent huge page).
     */
    public void splitHugeFrame(long pa) {
        allocators.get(numaNodeOf(pa)).splitHuge(pa);
    }

    /** Whether {@code pa} is the start of an allocated frame of {@code size}. */
    public boolean isAllocated(long pa, PageSize size) {
        requireNonNull(size, "size is null");
        return pa >= 0 && pa < this.size && allocators.get(numaNodeOf(pa)).isAllocated(pa, size);
    }

    @Override
    public int numaNodeOf(long pa) {
        if (pa < 0 || pa >= size) {
            throw new IllegalArgumentException(String.format("physical address 0x%x outside %s (size 0x%x)", pa, name, size));
        }
        for (int i = bases.length - 1; i >= 0; i--) {
            if (pa >= bases[i] && allocators.get(i).contains(pa)) {
                return i;
            }
        }
        throw new IllegalStateException("no NUMA node holds " + pa);
    }

    @Override
    public long freeBytes(int numaNode) {
        return allocators.get(checkNode(numaNode)).freeBytes();
    }

    @Override
    public long freeBytes() {
        long free = 0;
        for (BlockFrameAllocator a : allocators) {
            free += a.freeBytes();
        }
        return free;
    }

    @Override
    public void read(long pa, byte[] dst, int offset, int length) {
        requireNonNull(dst, "dst is null");
        Objects.checkFromIndexSize(offset, length, dst.length);
        checkRange(pa, length);
        contents.read(pa, dst, offset, length);
    }

    @Override
    public void write(long pa, byte[] src, int offset, int length) {
        requireNonNull(src, "src is null");
        Objects.checkFromIndexSize(offset, length, src.length);
        checkRange(pa, length);
        contents.write(pa, src, offset, length);
    }

    @Override
    public Payload capture(long pa, long length) {
        checkRange(pa, length);
        return contents.capture(pa, length);
    }

    @Override
    public void write(long pa, Payload payload) {
        requireNonNull(payload, "payload is null");
        checkRange(pa, payload.length());
        contents.write(pa, payload);
    }

    @Override
    public void write(long pa, Payload payload, long offset, long length) {
        requireNonNull(payload, "payload is null");
        Objects.checkFromIndexSize(offset, length, payload.length());
        checkRange(pa, length);
        contents.write(pa, payload, offset, length);
    }

    @Override
    public void copy(long srcPa, long dstPa, long length) {
        checkRange(srcPa, length);
        checkRange(dstPa, length);
        contents.copy(srcPa, dstPa, length);
    }

    @Override
    public Payload generated(long seed, long length) {
        return FingerprintPayload.generated(seed, length);
    }

    @Override
    public void zero(long pa, long length) {
        checkRange(pa, length);
        contents.zero(pa, length);
    }

    @Override
    public long fingerprint(long pa, long length) {
        checkRange(pa, length);
        return contents.fingerprint(pa, length);
    }

    /**
     * Exact: in {@link ContentMode#BYTES} the stored bytes are compared with the expected ones (no
     * hashing); in {@link ContentMode#FINGERPRINT} the descriptions' fingerprints are compared, and
     * the bytes only where they differ (the same bytes may be described as generated content on one
     * side and as a literal copy on the other).
     */
    @Override
    public boolean holds(long pa, Payload expected) {
        requireNonNull(expected, "expected is null");
        checkRange(pa, expected.length());
        return contents.holds(pa, expected);
    }

    /**
     * Whether {@code [pa, pa+length)} certainly reads as zero. Cheap for never-written memory; may
     * answer {@code false} for zeros that were written explicitly in fingerprint mode.
     */
    public boolean readsAsZero(long pa, long length) {
        checkRange(pa, length);
        return contents.readsAsZero(pa, length);
    }

    @Override
    public long storedBytes() {
        return contents.storedBytes();
    }

    private void checkRange(long pa, long length) {
        if (length < 0 || pa < 0 || pa > size - length) {
            throw new IllegalArgumentException(String.format("range 0x%x+%d outside %s (size 0x%x)", pa, length, name, size));
        }
    }

    private int checkNode(int numaNode) {
        if (numaNode < 0 || numaNode >= allocators.size()) {
            throw new IllegalArgumentException("no NUMA node " + numaNode + " in " + name);
        }
        return numaNode;
    }

    @Override
    public String toString() {
        return "SparsePhysicalMemory[" + name + ", " + contentMode + ", " + size + " bytes]";
    }
}
