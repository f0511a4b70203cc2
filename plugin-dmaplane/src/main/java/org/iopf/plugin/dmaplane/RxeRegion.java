package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.MemoryRegion;

/**
 * A memory region of the Soft-RoCE transport: pinned at registration, with the physical frame of
 * each 4 KiB page.
 */
final class RxeRegion {
    private final MemoryRegion region;
    private final AddressSpace space;
    private final long[] frames;

    RxeRegion(MemoryRegion region, AddressSpace space, long[] frames) {
        this.region = Objects.requireNonNull(region, "region is null");
        this.space = Objects.requireNonNull(space, "space is null");
        this.frames = frames.clone();
    }

    MemoryRegion region() {
        return region;
    }

    AddressSpace space() {
        return space;
    }

    /** The physical address of virtual address {@code va} inside the region. */
    long physical(long va) {
        long first = PageSize.BASE.alignDown(region.address());
        int index = Math.toIntExact((va - first) / PageSize.BASE.bytes());
        return frames[index] + (va & (PageSize.BASE.bytes() - 1));
    }
}
