package org.iopf.toolkit.rc;

import java.util.Objects;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.platform.Units;

/**
 * A NIC's memory regions pinned at registration, as {@code ibv_reg_mr} without on-demand paging:
 * every page of the range is faulted in and pinned through the memory manager (all or nothing,
 * within its pinnable limit), and the NIC keeps the frame of each page as its own translation
 * table; pinned pages never move, so the table never goes stale, every translation hits and every
 * {@link RcMemory} default holds. Deregistration unpins. Keys are handed out from 1, the same
 * number for the local and the remote key.
 */
public final class PinnedRegions implements RcMemory<PinnedRegions.Region> {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryManager memory;
    private final NumberedTable<Region> byKey = new NumberedTable<>();

    /** A pinned region and the frame of each of its pages. */
    public static final class Region {
        private final MemoryRegion region;
        private final AddressSpace space;
        private final long firstPage;
        private final long[] frames;

        private Region(MemoryRegion region, AddressSpace space, long[] frames) {
            this.region = region;
            this.space = space;
            this.firstPage = region.address() / PAGE;
            this.frames = frames;
        }

        /** The registration as the verbs see it. */
        public MemoryRegion region() {
            return region;
        }

        /** The process whose memory it is. */
        public AddressSpace space() {
            return space;
        }

        /**
         * The physical address of {@code va}.
         *
         * @param va an address inside the region
         * @return its frame's address plus the offset in the page
         */
        public long physical(long va) {
            return frames[(int) (va / PAGE - firstPage)] + (va & (PAGE - 1));
        }
    }

    /**
     * Regions pinned through {@code memory}.
     *
     * @param memory the node's memory manager
     */
    public PinnedRegions(MemoryManager memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
    }

    /**
     * Pins {@code [address, address+length)} of the protection domain's process (at least one byte's
     * page: a zero-length region still names a page) and registers it.
     *
     * @return the registered region, or why it was refused (the pin failed: the pinnable limit, a
     *     range outside any VMA)
     */
    public RegistrationResult register(ProtectionDomain pd, long address, long length, boolean remoteWrite,
            boolean remoteRead) {
        Objects.requireNonNull(pd, "pd is null");
        AddressSpace space = pd.space();
        long pinLength = Math.max(1, length);
        PinResult pinned = memory.pin(space, address, pinLength);
        if (pinned != PinResult.PINNED) {
            return new RegistrationResult.Refused("pinning " + Units.formatBytes(length) + " at 0x"
                    + Long.toHexString(address) + " failed: " + pinned + " (pinnable limit "
                    + Units.formatBytes(memory.pinnableLimit()) + ")");
        }
        long first = PageSize.BASE.alignDown(address);
        long[] frames = new long[Math.toIntExact((PageSize.BASE.alignUp(address + pinLength) - first) / PAGE)];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = memory.translate(space, first + i * PAGE, Access.READ).orElseThrow();
        }
        int key = byKey.nextNumber();
        MemoryRegion region = new MemoryRegion(key, key, pd.pdn(), address, length, remoteWrite, remoteRead, false);
        byKey.add(new Region(region, space, frames));
        return new RegistrationResult.Registered(region);
    }

    /** Deregisters {@code region} and unpins its pages; a region not registered here is ignored. */
    public void deregister(MemoryRegion region) {
        Region removed = byKey.remove(region.lkey());
        if (removed != null) {
            memory.unpin(removed.space(), region.address(), Math.max(1, region.length()));
        }
    }

    @Override
    public Region localRegion(int lkey) {
        return byKey.get(lkey);
    }

    @Override
    public Region remoteRegion(int rkey) {
        return byKey.get(rkey);
    }

    @Override
    public MemoryRegion registration(Region region) {
        return region.region();
    }

    @Override
    public long physical(Region region, long va) {
        return region.physical(va);
    }
}
