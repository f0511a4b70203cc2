package org.iopf.reference;

import org.iopf.api.mem.PageSize;

/**
 * A protection domain's I/O page table at 4 KiB granularity: I/O page number to frame address and
 * write permission.
 */
final class IoPageTable {
    private static final long WRITABLE = 1L;
    private static final long PAGE = PageSize.BASE.bytes();

    private final PageEntryMap entries = new PageEntryMap();

    void map(long iova, long pa, long length, boolean writable) {
        if (!PageSize.BASE.isAligned(iova) || !PageSize.BASE.isAligned(pa)) {
            throw new IllegalArgumentException(String.format("iova 0x%x and pa 0x%x must be 4 KiB aligned", iova, pa));
        }
        for (long offset = 0; offset < length; offset += PAGE) {
            entries.put((iova + offset) / PAGE, (pa + offset) | (writable ? WRITABLE : 0));
        }
    }

    void unmap(long iova, long length) {
        for (long page = iova / PAGE; page * PAGE < iova + length; page++) {
            entries.remove(page);
        }
    }

    /** The entry for {@code iova}'s page (frame address with bit 0 = writable), or -1. */
    long lookup(long iova) {
        return entries.get(iova / PAGE);
    }

    static boolean writable(long entry) {
        return (entry & WRITABLE) != 0;
    }

    static long frame(long entry) {
        return entry & ~(PAGE - 1);
    }

    int size() {
        return entries.size();
    }
}
