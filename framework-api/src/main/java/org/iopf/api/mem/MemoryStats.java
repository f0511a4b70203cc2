package org.iopf.api.mem;

/**
 * Counters of a memory manager, a snapshot.
 *
 * @param residentBytes bytes of process pages resident in system memory
 * @param pinnedBytes bytes pinned
 * @param swappedBytes bytes of process pages in swap
 * @param freeBytes free physical memory
 * @param minorFaults faults resolved by zero-fill
 * @param majorFaults faults resolved by swap-in
 * @param hugePageFaults faults that mapped a 2 MiB page (also counted as minor or major)
 * @param reclaimedPages pages swapped out by reclaim
 * @param notifierCalls MMU notifier invalidations sent
 * @since 0.1
 */
public record MemoryStats(long residentBytes, long pinnedBytes, long swappedBytes, long freeBytes,
        long minorFaults, long majorFaults, long hugePageFaults, long reclaimedPages, long notifierCalls) {
    /** All faults that allocated a frame. */
    public long faults() {
        return minorFaults + majorFaults;
    }
}
