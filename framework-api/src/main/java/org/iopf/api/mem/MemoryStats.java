package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

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
 * @param cowFaults write faults that broke the copy-on-write sharing of a page by copying it to a
 *     new frame (see {@link CopyOnWriteFork#fork}); since 0.1
 * @param cowReuses write faults on a copy-on-write page whose other sharers were gone: the page
 *     became writable again without a copy; since 0.1
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record MemoryStats(long residentBytes, long pinnedBytes, long swappedBytes, long freeBytes,
        long minorFaults, long majorFaults, long hugePageFaults, long reclaimedPages, long notifierCalls,
        long cowFaults, long cowReuses) {
    /**
     * Counters of a manager without copy-on-write (no {@code cowFaults}, no {@code cowReuses}).
     *
     * @since 0.1
     */
    public MemoryStats(long residentBytes, long pinnedBytes, long swappedBytes, long freeBytes, long minorFaults,
            long majorFaults, long hugePageFaults, long reclaimedPages, long notifierCalls) {
        this(residentBytes, pinnedBytes, swappedBytes, freeBytes, minorFaults, majorFaults, hugePageFaults,
                reclaimedPages, notifierCalls, 0, 0);
    }

    /** All faults that allocated a frame: minor, major and copy-on-write copies. */
    public long faults() {
        return minorFaults + majorFaults + cowFaults;
    }
}
