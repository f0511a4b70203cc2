package org.iopf.plugin.uvm;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The GPU memory as the driver's physical memory manager sees it ({@code uvm_pmm_gpu.c}): root
 * chunks of 2 MiB ({@code UVM_CHUNK_SIZE_MAX}), each backing one 2 MiB VA block while the block has
 * pages on the GPU. The blocks holding a chunk are kept in least-recently-used order (a block is
 * used when the driver services a fault in it), which is the order eviction picks victims in, as
 * the driver's root-chunk LRU list does.
 */
final class ChunkPool {
    static final long CHUNK = 2L << 20;

    private final long chunks;
    /** VA blocks holding a chunk, least recently used first. */
    private final LinkedHashSet<Long> lru = new LinkedHashSet<>();

    ChunkPool(long deviceBytes) {
        this.chunks = deviceBytes / CHUNK;
    }

    static long blockOf(long va) {
        return va - Math.floorMod(va, CHUNK);
    }

    /** Whether {@code block} holds a chunk. */
    boolean holds(long block) {
        return lru.contains(block);
    }

    /** Gives {@code block} a chunk if it has none and one is free; marks it most recently used. */
    boolean allocate(long block) {
        if (lru.remove(block)) {
            lru.add(block);
            return true;
        }
        if (lru.size() >= chunks) {
            return false;
        }
        lru.add(block);
        return true;
    }

    /** Returns {@code block}'s chunk to the free pool. */
    void release(long block) {
        lru.remove(block);
    }

    /** The least recently used block holding a chunk that is not in {@code busy}, or -1. */
    long victim(Set<Long> busy) {
        for (Iterator<Long> it = lru.iterator(); it.hasNext();) {
            long b = it.next();
            if (!busy.contains(b)) {
                return b;
            }
        }
        return -1;
    }

    long total() {
        return chunks;
    }

    long used() {
        return lru.size();
    }

    /** Blocks holding a chunk, least recently used first. */
    Set<Long> blocks() {
        return java.util.Collections.unmodifiableSet(lru);
    }
}
