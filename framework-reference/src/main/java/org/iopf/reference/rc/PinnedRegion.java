package org.iopf.reference.rc;

import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.MemoryRegion;

/**
 * A pinned memory region with the NIC's own translation table: the frame of every page, taken
 * when the region was registered (pinned pages never move, so the table never goes stale).
 */
final class PinnedRegion {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryRegion region;
    private final AddressSpace space;
    private final long firstPage;
    private final long[] frames;

    PinnedRegion(MemoryRegion region, AddressSpace space, long[] frames) {
        this.region = region;
        this.space = space;
        this.firstPage = region.address() / PAGE;
        this.frames = frames;
    }

    MemoryRegion region() {
        return region;
    }

    AddressSpace space() {
        return space;
    }

    /** The physical address of {@code va}, which must lie inside the region. */
    long physical(long va) {
        return frames[(int) (va / PAGE - firstPage)] + (va & (PAGE - 1));
    }
}
