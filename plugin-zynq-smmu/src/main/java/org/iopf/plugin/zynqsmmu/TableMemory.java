package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.platform.PlatformCapacityException;

/**
 * Translation tables as they live in a node's emulated physical memory: 64-bit little-endian
 * descriptors read and written at physical addresses, and table frames allocated from (and
 * returned to) the node's frame allocator. Counts the table frames it holds.
 */
final class TableMemory {
    private final PhysicalMemory memory;
    private final byte[] buffer = new byte[8];
    private long tableFrames;

    TableMemory(PhysicalMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
    }

    /** Whether {@code pa} is inside physical memory (a walk read elsewhere is an external fault). */
    boolean contains(long pa) {
        return pa >= 0 && pa + 8 <= memory.size();
    }

    long read(long pa) {
        memory.read(pa, buffer, 0, 8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (buffer[i] & 0xffL);
        }
        return v;
    }

    void write(long pa, long descriptor) {
        long v = descriptor;
        for (int i = 0; i < 8; i++) {
            buffer[i] = (byte) v;
            v >>>= 8;
        }
        memory.write(pa, buffer, 0, 8);
    }

    /** A zeroed 4 KiB table frame (every descriptor invalid). */
    long allocateTable() {
        OptionalLong frame = memory.allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY);
        if (frame.isEmpty()) {
            throw new PlatformCapacityException("no physical frame left for an SMMU translation table in "
                    + memory.name() + " (" + memory.size() + " B); expected more memory on that node (memory: {numa: [...]})");
        }
        memory.zero(frame.getAsLong(), Lpae.GRANULE);
        tableFrames++;
        return frame.getAsLong();
    }

    /**
     * Returns a table frame to the node's frame allocator, as io-pgtable-arm.c
     * {@code __arm_lpae_free_pgtable} does with {@code free_pages}. The node's physical memory
     * zeroes a frame it frees ({@link PhysicalMemory#freeFrame}), so until the frame is reused every
     * descriptor of the freed table reads invalid, as on a kernel that clears freed pages
     * ({@code init_on_free=1}); without that a walk through a stale entry would still find the old
     * leaves and reach freed pages, which this model does not show.
     */
    void freeTable(long table) {
        memory.freeFrame(table, PageSize.BASE);
        tableFrames--;
    }

    /** Table frames held (allocated and not freed). */
    long tableFrames() {
        return tableFrames;
    }
}
