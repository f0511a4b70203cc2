package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongRBTreeSet;
import java.util.Arrays;
import java.util.BitSet;
import java.util.OptionalLong;
import org.iopf.api.mem.PageSize;

/**
 * The frame allocator of one NUMA node's contiguous physical range, cheap for any size: no
 * per-frame object exists until a frame is used.
 *
 * <p>The range is cut into 2 MiB blocks. Never-used blocks are handed out by a bump pointer, freed
 * whole blocks go on a LIFO stack, a huge frame takes one whole block, and a block split into
 * 4 KiB frames carries a 512-bit bitmap of its used frames. Base frames come from the
 * lowest-numbered split block with a free frame (an ordered set, so choices are deterministic);
 * a split block whose frames are all free again returns to the whole-block stack. Cost: about 200
 * bytes per split block, 1 bit per block for huge frames, 8 bytes per freed whole block.
 */
final class BlockFrameAllocator {
    static final long BLOCK = PageSize.HUGE_2M.bytes();
    static final long FRAME = PageSize.BASE.bytes();
    static final int FRAMES_PER_BLOCK = (int) (BLOCK / FRAME);
    private static final int WORDS = FRAMES_PER_BLOCK / Long.SIZE;

    private final long base;
    private final long blockCount;
    private long nextFreshBlock;
    private long[] freeBlocks = new long[16];
    private int freeBlockCount;
    /** Split block index to its bitmap; word {@code WORDS} holds the count of used frames. */
    private final Long2ObjectOpenHashMap<long[]> splitBlocks = new Long2ObjectOpenHashMap<>();
    private final LongRBTreeSet splitBlocksWithFreeFrames = new LongRBTreeSet();
    private final BitSet hugeBlocks = new BitSet();
    private long freeBytes;

    BlockFrameAllocator(long base, long capacity) {
        if (base % BLOCK != 0 || capacity % BLOCK != 0 || capacity < 0) {
            throw new IllegalArgumentException("NUMA range must be 2 MiB aligned: base=" + base + " capacity=" + capacity);
        }
        if (capacity / BLOCK > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("NUMA node too large: " + capacity);
        }
        this.base = base;
        this.blockCount = capacity / BLOCK;
        this.freeBytes = capacity;
    }

    long freeBytes() {
        return freeBytes;
    }

    boolean contains(long pa) {
        return pa >= base && pa - base < blockCount * BLOCK;
    }

    OptionalLong allocate(PageSize size) {
        return size == PageSize.HUGE_2M ? allocateHuge() : allocateBase();
    }

    void free(long pa, PageSize size) {
        if (!contains(pa) || !size.isAligned(pa)) {
            throw new IllegalArgumentException(String.format("not a %s frame of this node: 0x%x", size, pa));
        }
        long block = (pa - base) / BLOCK;
        if (size == PageSize.HUGE_2M) {
            if (!hugeBlocks.get((int) block)) {
                throw new IllegalStateException(String.format("huge frame 0x%x is not allocated", pa));
            }
            hugeBlocks.clear((int) block);
            pushFreeBlock(block);
            freeBytes += BLOCK;
            return;
        }
        long[] bits = splitBlocks.get(block);
        int frame = (int) ((pa - base - block * BLOCK) / FRAME);
        if (bits == null || (bits[frame >>> 6] & (1L << frame)) == 0) {
            throw new IllegalStateException(String.format("frame 0x%x is not allocated", pa));
        }
        bits[frame >>> 6] &= ~(1L << frame);
        bits[WORDS]--;
        freeBytes += FRAME;
        if (bits[WORDS] == 0) {
            splitBlocks.remove(block);
            splitBlocksWithFreeFrames.remove(block);
            pushFreeBlock(block);
        } else {
            splitBlocksWithFreeFrames.add(block);
        }
    }

    /**
     * Turns an allocated huge frame into 512 allocated base frames (as when a huge page is split),
     * so that its 4 KiB frames can be freed one by one.
     */
    void splitHuge(long pa) {
        long block = (pa - base) / BLOCK;
        if (!contains(pa) || !PageSize.HUGE_2M.isAligned(pa) || !hugeBlocks.get((int) block)) {
            throw new IllegalStateException(String.format("huge frame 0x%x is not allocated", pa));
        }
        hugeBlocks.clear((int) block);
        long[] bits = new long[WORDS + 1];
        Arrays.fill(bits, 0, WORDS, -1L);
        bits[WORDS] = FRAMES_PER_BLOCK;
        splitBlocks.put(block, bits);
    }

    /** Whether {@code pa} is the start of an allocated frame of {@code size}. */
    boolean isAllocated(long pa, PageSize size) {
        if (!contains(pa) || !size.isAligned(pa)) {
            return false;
        }
        long block = (pa - base) / BLOCK;
        if (size == PageSize.HUGE_2M) {
            return hugeBlocks.get((int) block);
        }
        long[] bits = splitBlocks.get(block);
        int frame = (int) ((pa - base - block * BLOCK) / FRAME);
        return bits != null && (bits[frame >>> 6] & (1L << frame)) != 0;
    }

    private OptionalLong allocateHuge() {
        long block = takeWholeBlock();
        if (block < 0) {
            return OptionalLong.empty();
        }
        hugeBlocks.set((int) block);
        freeBytes -= BLOCK;
        return OptionalLong.of(base + block * BLOCK);
    }

    private OptionalLong allocateBase() {
        long block;
        long[] bits;
        if (!splitBlocksWithFreeFrames.isEmpty()) {
            block = splitBlocksWithFreeFrames.firstLong();
            bits = splitBlocks.get(block);
        } else {
            block = takeWholeBlock();
            if (block < 0) {
                return OptionalLong.empty();
            }
            bits = new long[WORDS + 1];
            splitBlocks.put(block, bits);
            splitBlocksWithFreeFrames.add(block);
        }
        int frame = -1;
        for (int w = 0; w < WORDS; w++) {
            if (bits[w] != -1L) {
                frame = w * Long.SIZE + Long.numberOfTrailingZeros(~bits[w]);
                break;
            }
        }
        bits[frame >>> 6] |= 1L << frame;
        bits[WORDS]++;
        if (bits[WORDS] == FRAMES_PER_BLOCK) {
            splitBlocksWithFreeFrames.remove(block);
        }
        freeBytes -= FRAME;
        return OptionalLong.of(base + block * BLOCK + frame * FRAME);
    }

    private long takeWholeBlock() {
        if (freeBlockCount > 0) {
            return freeBlocks[--freeBlockCount];
        }
        if (nextFreshBlock < blockCount) {
            return nextFreshBlock++;
        }
        return -1;
    }

    private void pushFreeBlock(long block) {
        if (freeBlockCount == freeBlocks.length) {
            freeBlocks = Arrays.copyOf(freeBlocks, freeBlocks.length * 2);
        }
        freeBlocks[freeBlockCount++] = block;
    }
}
