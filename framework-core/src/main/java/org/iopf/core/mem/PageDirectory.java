package org.iopf.core.mem;

import org.iopf.api.mem.PageSize;

/**
 * The page-table entries of one address space indexed as a hardware walk finds them: one table
 * of 512 slots per 2 MiB region that holds any entry (a PMD's page of PTEs), or the region's one
 * huge entry. A lookup is a hash probe for the region, skipped while lookups stay in the regions of
 * the last two ({@link RecentLongMap}), and an array index; entries never overlap
 * ({@link ProcessAddressSpace#putSlot}).
 */
final class PageDirectory {
    private static final int REGION_SHIFT = 21;
    private static final int PAGES_PER_REGION = 1 << (REGION_SHIFT - 12);

    /** The entries of one 2 MiB region: 4 KiB ones by index, or one huge entry over the region. */
    private static final class Region {
        private PageTableSlot[] pages;
        private PageTableSlot huge;
        private int count;
    }

    private final RecentLongMap<Region> regions = new RecentLongMap<>();

    private Region region(long regionNumber) {
        return regions.get(regionNumber);
    }

    private static int index(long va) {
        return (int) (va >>> 12) & (PAGES_PER_REGION - 1);
    }

    /** The entry that maps {@code va}, or null. */
    PageTableSlot find(long va) {
        Region r = region(va >>> REGION_SHIFT);
        if (r == null) {
            return null;
        }
        PageTableSlot s = r.pages == null ? null : r.pages[index(va)];
        return s != null ? s : r.huge;
    }

    /** Makes {@code slot} the entry at its address, replacing the one that starts there (of either size). */
    void put(PageTableSlot slot) {
        long regionNumber = slot.va >>> REGION_SHIFT;
        Region r = region(regionNumber);
        if (r == null) {
            r = new Region();
            regions.put(regionNumber, r);
        }
        int i = index(slot.va);
        PageTableSlot replaced = r.pages == null ? null : r.pages[i];
        if (replaced != null) {
            r.pages[i] = null;
        } else if (r.huge != null && r.huge.va == slot.va) {
            replaced = r.huge;
            r.huge = null;
        }
        if (replaced == null) {
            r.count++;
        }
        if (slot.size == PageSize.HUGE_2M) {
            r.huge = slot;
        } else {
            if (r.pages == null) {
                r.pages = new PageTableSlot[PAGES_PER_REGION];
            }
            r.pages[i] = slot;
        }
    }

    /** Removes {@code slot} if it is the entry at its address. */
    void remove(PageTableSlot slot) {
        long regionNumber = slot.va >>> REGION_SHIFT;
        Region r = region(regionNumber);
        if (r == null) {
            return;
        }
        if (r.huge == slot) {
            r.huge = null;
        } else if (r.pages != null && r.pages[index(slot.va)] == slot) {
            r.pages[index(slot.va)] = null;
        } else {
            return;
        }
        if (--r.count == 0) {
            regions.remove(regionNumber);
        }
    }
}
