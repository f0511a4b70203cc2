package org.iopf.plugin.smmuv3pri;

import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.platform.PlatformCapacityException;

/**
 * The SMMU's structures in the node's emulated physical memory: 64-bit little-endian words read
 * and written at physical addresses; zeroed 4 KiB frames for page tables; and a coherent region
 * (one 2 MiB frame, as {@code dmam_alloc_coherent} gives the driver) from which the queues, the
 * stream table and the context-descriptor tables are carved, naturally aligned to their size.
 */
final class ModelledMemory {
    private final PhysicalMemory memory;
    private final byte[] word = new byte[8];
    private long regionBase = -1;
    private long regionUsed;
    private long frames;

    ModelledMemory(PhysicalMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
    }

    long read(long pa) {
        memory.read(pa, word, 0, 8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (word[i] & 0xffL);
        }
        return v;
    }

    void write(long pa, long value) {
        long v = value;
        for (int i = 0; i < 8; i++) {
            word[i] = (byte) v;
            v >>>= 8;
        }
        memory.write(pa, word, 0, 8);
    }

    /** Whether a word at {@code pa} lies inside physical memory. */
    boolean contains(long pa) {
        return pa >= 0 && pa + 8 <= memory.size();
    }

    /** A zeroed 4 KiB frame. */
    long frame() {
        long pa = allocate(PageSize.BASE);
        memory.zero(pa, PageSize.BASE.bytes());
        frames++;
        return pa;
    }

    /** {@code bytes} (a power of two, at most 1 MiB) of zeroed coherent memory aligned to their size. */
    long coherent(long bytes) {
        if (Long.bitCount(bytes) != 1 || bytes > PageSize.HUGE_2M.bytes() / 2) {
            throw new IllegalArgumentException("coherent allocation must be a power of two up to 1 MiB: " + bytes);
        }
        if (regionBase < 0 || alignUp(regionUsed, bytes) + bytes > PageSize.HUGE_2M.bytes()) {
            regionBase = allocate(PageSize.HUGE_2M);
            regionUsed = 0;
        }
        long offset = alignUp(regionUsed, bytes);
        regionUsed = offset + bytes;
        memory.zero(regionBase + offset, bytes);
        return regionBase + offset;
    }

    /** 4 KiB page-table frames allocated so far. */
    long tableFrames() {
        return frames;
    }

    private long allocate(PageSize size) {
        OptionalLong frame = memory.allocateFrame(size, 0, NumaPolicy.ANY);
        if (frame.isEmpty()) {
            throw new PlatformCapacityException("no " + size + " frame left for SMMUv3 structures in " + memory.name()
                    + " (" + memory.size() + " B); expected more memory on that node (memory: {numa: [...]})");
        }
        return frame.getAsLong();
    }

    private static long alignUp(long v, long alignment) {
        return (v + alignment - 1) & -alignment;
    }
}
