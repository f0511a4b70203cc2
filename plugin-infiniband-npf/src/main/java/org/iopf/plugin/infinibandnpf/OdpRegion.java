package org.iopf.plugin.infinibandnpf;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.MemoryRegion;

/**
 * A memory region with the HCA's own translation table (the MTT): one entry per 4 KiB page of the
 * region, the frame's physical address or absent. A pinned region's table is filled at
 * registration and never goes stale; an on-demand (ODP) region's table starts empty, is filled by
 * network page faults and emptied by MMU-notifier invalidations. Every invalidation that overlaps
 * the region advances its sequence number, which a fault in progress checks before it writes
 * entries (the {@code mmu_interval_read_retry} pattern), so a fault racing an invalidation never
 * maps a stale frame.
 */
final class OdpRegion {
    static final long PAGE = PageSize.BASE.bytes();
    private static final long ABSENT = -1;

    private final MemoryRegion region;
    private final AddressSpace space;
    private final long firstPage;
    private final long[] frames;
    private final boolean hugePages;
    private final Set<Long> unresolvable = new HashSet<>();
    private long sequence;
    private long presentEntries;
    private OdpStats stats;

    OdpRegion(MemoryRegion region, AddressSpace space, boolean hugePages) {
        this.region = region;
        this.space = space;
        this.hugePages = hugePages;
        this.firstPage = PageSize.BASE.alignDown(region.address());
        long pages = PageSize.BASE.pagesSpanned(region.address(), Math.max(1, region.length()));
        this.frames = new long[Math.toIntExact(pages)];
        Arrays.fill(frames, ABSENT);
    }

    MemoryRegion region() {
        return region;
    }

    /** The region's ODP statistics, null for a pinned region. */
    OdpStats stats() {
        return stats;
    }

    void attachStats(OdpStats odpStats) {
        this.stats = odpStats;
    }

    AddressSpace space() {
        return space;
    }

    /** Whether faults map the region in 2 MiB entries (THP advice at registration). */
    boolean hugePages() {
        return hugePages;
    }

    /** First page-aligned address of the table. */
    long tableStart() {
        return firstPage;
    }

    /** End (exclusive) of the table's range. */
    long tableEnd() {
        return firstPage + frames.length * PAGE;
    }

    /** The physical address of {@code va}, or -1 when its entry is absent (or {@code va} is outside). */
    long lookup(long va) {
        long index = (va - firstPage) / PAGE;
        if (va < firstPage || index >= frames.length || frames[(int) index] == ABSENT) {
            return -1;
        }
        return frames[(int) index] + (va & (PAGE - 1));
    }

    /** Whether every page of {@code [va, va+length)} has an entry; -1 if so, else the first page without. */
    long firstMissing(long va, long length) {
        long end = va + Math.max(1, length);
        for (long page = PageSize.BASE.alignDown(va); page < end; page += PAGE) {
            if (lookup(page) < 0) {
                return Math.max(page, va);
            }
        }
        return -1;
    }

    /** Sets the entry of the page at {@code pageVa} to the frame at {@code pa}. */
    void fill(long pageVa, long pa) {
        int index = (int) ((pageVa - firstPage) / PAGE);
        if (frames[index] == ABSENT) {
            presentEntries++;
        }
        frames[index] = PageSize.BASE.alignDown(pa);
    }

    /**
     * Drops the entries of {@code [start, end)} and advances the sequence number if the range
     * overlaps the region.
     *
     * @return entries dropped
     */
    long invalidate(long start, long end) {
        long from = Math.max(start, firstPage);
        long to = Math.min(end, tableEnd());
        if (from >= to) {
            return 0;
        }
        sequence++;
        if (!unresolvable.isEmpty()) {
            unresolvable.removeIf(page -> page >= PageSize.BASE.alignDown(from) && page < to);
        }
        long dropped = 0;
        for (long page = PageSize.BASE.alignDown(from); page < to; page += PAGE) {
            int index = (int) ((page - firstPage) / PAGE);
            if (frames[index] != ABSENT) {
                frames[index] = ABSENT;
                dropped++;
            }
        }
        presentEntries -= dropped;
        return dropped;
    }

    /** Marks the page at {@code pageVa} as one the OS could not make present (no mapping, no memory). */
    void markUnresolvable(long pageVa) {
        unresolvable.add(PageSize.BASE.alignDown(pageVa));
    }

    /** Whether a fault on the page of {@code va} failed and nothing has changed its mapping since. */
    boolean isUnresolvable(long va) {
        return !unresolvable.isEmpty() && unresolvable.contains(PageSize.BASE.alignDown(va));
    }

    /** Advanced by every overlapping invalidation. */
    long sequence() {
        return sequence;
    }

    /** Entries present. */
    long presentEntries() {
        return presentEntries;
    }
}
