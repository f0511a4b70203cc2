package org.iopf.core.mem;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.PageSize;

/**
 * Splits a 2 MiB page-table entry into 512 base entries with the same state, as Linux splits a
 * THP (or a device-private huge page) when only part of it is unmapped, migrated or reclaimed.
 */
final class HugePageSplitter {
    private static final long PAGE = PageSize.BASE.bytes();
    private static final long HUGE = PageSize.HUGE_2M.bytes();

    private final SparsePhysicalMemory memory;
    private final ResidentPageClock clock;

    HugePageSplitter(PagingState state) {
        this.memory = state.memory;
        this.clock = state.clock;
    }

    /**
     * Splits a present huge page into 512 base pages with the same state (pins included, so the
     * pinned bytes do not change); returns them in order. A huge frame shared copy-on-write is
     * split in every sharer: each base page is then shared by the same processes.
     */
    List<PageTableSlot> split(PageTableSlot huge) {
        if (!huge.present) {
            throw new IllegalStateException("only a present huge page can be split");
        }
        memory.splitHugeFrame(huge.pa);
        if (huge.shared == null) {
            return splitSlot(huge, null);
        }
        List<SharedFrame> bases = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            bases.add(new SharedFrame());
        }
        List<PageTableSlot> own = List.of();
        for (PageTableSlot sharer : huge.shared.sharers()) {
            List<PageTableSlot> pages = splitSlot(sharer, bases);
            if (sharer == huge) {
                own = pages;
            }
        }
        return own;
    }

    /** Replaces a huge entry whose frame is split already by 512 base entries (in {@code bases} if shared). */
    private List<PageTableSlot> splitSlot(PageTableSlot huge, List<SharedFrame> bases) {
        ProcessAddressSpace p = huge.space;
        boolean wasInClock = huge.inClock;
        clock.remove(huge);
        p.removeSlot(huge);
        huge.shared = null;
        List<PageTableSlot> pages = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            PageTableSlot page = new PageTableSlot(p, huge.va + off, PageSize.BASE, huge.writable);
            page.pa = huge.pa + off;
            page.present = true;
            page.dirty = huge.dirty;
            page.accessed = huge.accessed;
            page.pinCount = huge.pinCount;
            page.readable = huge.readable;
            page.mirrorOf = huge.mirrorOf;
            page.exclusiveOf = huge.exclusiveOf;
            if (bases != null) {
                bases.get((int) (off / PAGE)).add(page);
            }
            p.putSlot(page);
            if (wasInClock) {
                clock.addTail(page);
            }
            pages.add(page);
        }
        return pages;
    }

    /**
     * Splits a device-private huge page into 512 device-private base pages; returns them in order.
     * A huge device page shared by a fork is split in every sharer, each base page then shared by
     * the same processes.
     */
    List<PageTableSlot> splitDevicePrivate(PageTableSlot huge) {
        if (huge.size != PageSize.HUGE_2M) {
            return List.of(huge);
        }
        huge.pagemap.memory().splitHugeFrame(huge.devicePa);
        if (huge.shared == null) {
            return splitDeviceSlot(huge, null);
        }
        List<SharedFrame> bases = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            bases.add(new SharedFrame());
        }
        List<PageTableSlot> own = List.of();
        for (PageTableSlot sharer : huge.shared.sharers()) {
            List<PageTableSlot> pages = splitDeviceSlot(sharer, bases);
            if (sharer == huge) {
                own = pages;
            }
        }
        return own;
    }

    private static List<PageTableSlot> splitDeviceSlot(PageTableSlot huge, List<SharedFrame> bases) {
        ProcessAddressSpace p = huge.space;
        p.removeSlot(huge);
        huge.shared = null;
        List<PageTableSlot> pages = new ArrayList<>((int) (HUGE / PAGE));
        for (long off = 0; off < HUGE; off += PAGE) {
            PageTableSlot page = new PageTableSlot(p, huge.va + off, PageSize.BASE, huge.writable);
            page.devicePrivate = true;
            page.readable = huge.readable;
            page.pagemap = huge.pagemap;
            page.devicePa = huge.devicePa + off;
            page.dirty = huge.dirty;
            if (bases != null) {
                bases.get((int) (off / PAGE)).add(page);
            }
            p.putSlot(page);
            pages.add(page);
        }
        return pages;
    }

    /** The pages that lie wholly inside {@code [start, end)}, in order. */
    static List<PageTableSlot> withinRange(List<PageTableSlot> pages, long start, long end) {
        List<PageTableSlot> inside = new ArrayList<>();
        for (PageTableSlot page : pages) {
            if (page.va >= start && page.end() <= end) {
                inside.add(page);
            }
        }
        return inside;
    }
}
