package org.iopf.plugin.uvm;

import java.util.BitSet;

/**
 * The density prefetcher of {@code uvm_perf_prefetch.c}: a VA block's 512 pages are the leaves of a
 * binary tree; for each faulted page the driver walks up the tree, and the largest subregion in which
 * more than {@code threshold}% of the pages are resident on the GPU or faulted now is migrated whole.
 */
final class TreePrefetcher {
    static final int PAGES = (int) (ChunkPool.CHUNK / GpuPageTable.PAGE);

    private final int threshold;

    TreePrefetcher(int threshold) {
        this.threshold = threshold;
    }

    /**
     * The pages to migrate besides the faulted ones.
     *
     * @param resident pages of the block already on the GPU (bit i = page i)
     * @param faulted pages faulted in this batch
     * @return pages to prefetch, neither resident nor faulted
     */
    BitSet prefetch(BitSet resident, BitSet faulted) {
        BitSet occupied = (BitSet) resident.clone();
        occupied.or(faulted);
        BitSet region = new BitSet(PAGES);
        for (int page = faulted.nextSetBit(0); page >= 0; page = faulted.nextSetBit(page + 1)) {
            int best = -1;
            for (int size = 2; size <= PAGES; size <<= 1) {
                int start = page - page % size;
                int count = occupied.get(start, start + size).cardinality();
                if (count * 100 > size * threshold) {
                    best = size;
                }
            }
            if (best > 0) {
                int start = page - page % best;
                region.set(start, start + best);
            }
        }
        region.andNot(occupied);
        return region;
    }
}
