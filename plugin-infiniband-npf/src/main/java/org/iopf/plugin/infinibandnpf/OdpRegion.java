package org.iopf.plugin.infinibandnpf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.observe.Counter;

/**
 * A memory region with the HCA's own translation table (the MTT): one entry per 4 KiB page of the
 * region, the frame's physical address or absent. A pinned region's table is filled at
 * registration and never goes stale; an on-demand (ODP) region's table starts empty, is filled by
 * network page faults and emptied by MMU-notifier invalidations. Every invalidation that overlaps
 * the region advances its sequence number, which a fault in progress checks before it writes
 * entries (the {@code mmu_interval_read_retry} pattern), so a fault racing an invalidation never
 * maps a stale frame.
 *
 * <p>An <em>implicit</em> region (address 0, length SIZE_MAX) covers the whole address space and
 * has no table of its own: its entries live in 1 GiB child regions ({@code MLX5_IMR_MTT_SIZE},
 * Linux {@code drivers/infiniband/hw/mlx5/odp.c}), each created when a fault or prefetch first maps
 * a page of its range ({@code implicit_get_child_mr}) and destroyed when an invalidation leaves it
 * without entries ({@code destroy_unused_implicit_child_mr}).
 */
final class OdpRegion {
    static final long PAGE = PageSize.BASE.bytes();
    /** Bytes one child of an implicit region translates: MLX5_IMR_MTT_SIZE, 1 GiB. */
    static final long CHILD_SIZE = 1L << 30;
    private static final int CHILD_ENTRIES = (int) (CHILD_SIZE / PAGE);
    private static final long ABSENT = -1;
    /** End of an implicit region's range: the highest 1 GiB boundary a long reaches. */
    private static final long IMPLICIT_END = Long.MAX_VALUE & -CHILD_SIZE;

    private final MemoryRegion region;
    private final AddressSpace space;
    private final long firstPage;
    private final long end;
    private final long[] frames;
    private final TreeMap<Long, Child> children;
    private final boolean hugePages;
    private final Set<Long> unresolvable = new HashSet<>();
    private long sequence;
    private long presentEntries;
    private OdpStats stats;
    private Counter childrenCreated;
    private Counter childrenDestroyed;

    /** One 1 GiB child of an implicit region, with its own table. */
    private static final class Child {
        final long[] frames = new long[CHILD_ENTRIES];
        int present;

        Child() {
            Arrays.fill(frames, ABSENT);
        }
    }

    OdpRegion(MemoryRegion region, AddressSpace space, boolean hugePages) {
        this(region, space, hugePages, false);
    }

    OdpRegion(MemoryRegion region, AddressSpace space, boolean hugePages, boolean implicit) {
        this.region = region;
        this.space = space;
        this.hugePages = hugePages;
        if (implicit) {
            this.firstPage = 0;
            this.end = IMPLICIT_END;
            this.frames = null;
            this.children = new TreeMap<>();
        } else {
            this.firstPage = PageSize.BASE.alignDown(region.address());
            long pages = PageSize.BASE.pagesSpanned(region.address(), Math.max(1, region.length()));
            this.frames = new long[Math.toIntExact(pages)];
            Arrays.fill(frames, ABSENT);
            this.end = firstPage + frames.length * PAGE;
            this.children = null;
        }
    }

    MemoryRegion region() {
        return region;
    }

    AddressSpace space() {
        return space;
    }

    /** Whether this is an implicit region: the whole address space, its entries in 1 GiB children. */
    boolean implicit() {
        return children != null;
    }

    /** Children of an implicit region alive now (0 for an explicit one). */
    int children() {
        return children == null ? 0 : children.size();
    }

    /** First addresses of the live children of an implicit region, in order. */
    List<Long> childStarts() {
        List<Long> starts = new ArrayList<>();
        if (children != null) {
            for (long index : children.keySet()) {
                starts.add(index * CHILD_SIZE);
            }
        }
        return starts;
    }

    /** The region's ODP statistics, null for a pinned region. */
    OdpStats stats() {
        return stats;
    }

    void attachStats(OdpStats odpStats) {
        this.stats = odpStats;
    }

    /** Counts the children an implicit region creates and destroys. */
    void attachChildCounters(Counter created, Counter destroyed) {
        this.childrenCreated = created;
        this.childrenDestroyed = destroyed;
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
        return end;
    }

    /** The physical address of {@code va}, or -1 when its entry is absent (or {@code va} is outside). */
    long lookup(long va) {
        if (va < firstPage || va >= end) {
            return -1;
        }
        long frame;
        if (children == null) {
            frame = frames[(int) ((va - firstPage) / PAGE)];
        } else {
            Child child = children.get(va / CHILD_SIZE);
            frame = child == null ? ABSENT : child.frames[childIndex(va)];
        }
        return frame == ABSENT ? -1 : frame + (va & (PAGE - 1));
    }

    private static int childIndex(long va) {
        return (int) ((va % CHILD_SIZE) / PAGE);
    }

    /** Whether every page of {@code [va, va+length)} has an entry; -1 if so, else the first page without. */
    long firstMissing(long va, long length) {
        long stop = va + Math.max(1, length);
        for (long page = PageSize.BASE.alignDown(va); page < stop; page += PAGE) {
            if (lookup(page) < 0) {
                return Math.max(page, va);
            }
        }
        return -1;
    }

    /**
     * Sets the entry of the page at {@code pageVa} to the frame at {@code pa}; an implicit region's
     * child is created when it maps its first page.
     */
    void fill(long pageVa, long pa) {
        long frame = PageSize.BASE.alignDown(pa);
        if (children == null) {
            int index = (int) ((pageVa - firstPage) / PAGE);
            if (frames[index] == ABSENT) {
                presentEntries++;
            }
            frames[index] = frame;
            return;
        }
        Child child = children.get(pageVa / CHILD_SIZE);
        if (child == null) {
            child = new Child();
            children.put(pageVa / CHILD_SIZE, child);
            if (childrenCreated != null) {
                childrenCreated.increment();
            }
        }
        int index = childIndex(pageVa);
        if (child.frames[index] == ABSENT) {
            presentEntries++;
            child.present++;
        }
        child.frames[index] = frame;
    }

    /**
     * Drops the entries of {@code [start, end)} and advances the sequence number if the range
     * overlaps the region; an implicit region's child left without entries is destroyed.
     *
     * @return entries dropped
     */
    long invalidate(long start, long stop) {
        long from = Math.max(start, firstPage);
        long to = Math.min(stop, end);
        if (from >= to) {
            return 0;
        }
        sequence++;
        if (!unresolvable.isEmpty()) {
            unresolvable.removeIf(page -> page >= PageSize.BASE.alignDown(from) && page < to);
        }
        long dropped = children == null ? dropExplicit(from, to) : dropImplicit(from, to);
        presentEntries -= dropped;
        return dropped;
    }

    private long dropExplicit(long from, long to) {
        long dropped = 0;
        for (long page = PageSize.BASE.alignDown(from); page < to; page += PAGE) {
            int index = (int) ((page - firstPage) / PAGE);
            if (frames[index] != ABSENT) {
                frames[index] = ABSENT;
                dropped++;
            }
        }
        return dropped;
    }

    private long dropImplicit(long from, long to) {
        long dropped = 0;
        var touched = new ArrayList<>(children.subMap(from / CHILD_SIZE, true, (to - 1) / CHILD_SIZE, true)
                .entrySet());
        for (Map.Entry<Long, Child> e : touched) {
            Child child = e.getValue();
            long base = e.getKey() * CHILD_SIZE;
            long first = Math.max(PageSize.BASE.alignDown(from), base);
            long last = Math.min(to, base + CHILD_SIZE);
            for (long page = first; page < last; page += PAGE) {
                int index = childIndex(page);
                if (child.frames[index] != ABSENT) {
                    child.frames[index] = ABSENT;
                    child.present--;
                    dropped++;
                }
            }
            if (child.present == 0) {
                children.remove(e.getKey());
                if (childrenDestroyed != null) {
                    childrenDestroyed.increment();
                }
            }
        }
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
