package org.iopf.core.mem;

import java.util.List;
import org.iopf.api.mem.InvalidationReason;

/**
 * Drops pages from a page table ({@code munmap}, {@code MADV_DONTNEED}): notifiers first, then each
 * page's frame, swap slot or device frame is freed (a frame shared copy-on-write only with its last
 * sharer), splitting a huge page that lies only partly in the range.
 */
final class PageUnmapper {
    private final PagingState state;
    private final MigrationEntries entries;
    private final HugePageSplitter splitter;
    private final PinAccount pins;

    PageUnmapper(PagingState state, MigrationEntries entries, HugePageSplitter splitter, PinAccount pins) {
        this.state = state;
        this.entries = entries;
        this.splitter = splitter;
        this.pins = pins;
    }

    /** Drops the pages of {@code [start, end)}; pinned pages stay unless {@code unmap}. */
    void dropPages(ProcessAddressSpace p, long start, long end, boolean unmap) {
        entries.releaseAll(p, start, end);
        List<PageTableSlot> slots = p.slots(start, end);
        if (slots.isEmpty()) {
            return;
        }
        state.notifyRange(p, start, end, InvalidationReason.UNMAP);
        for (PageTableSlot slot : slots) {
            if (!unmap && slot.pinCount > 0) {
                continue;
            }
            if (slot.va < start || slot.end() > end) {
                HugePageSplitter.withinRange(slot.devicePrivate ? splitter.splitDevicePrivate(slot)
                        : splitter.split(slot), start, end).forEach(this::freeSlot);
            } else {
                freeSlot(slot);
            }
        }
    }

    /** Frees everything a page holds and removes it from its page table. */
    void freeSlot(PageTableSlot slot) {
        pins.dropAll(slot);
        if (slot.present) {
            state.clock.remove(slot);
            boolean stillMapped = slot.shared != null && slot.shared.remove(slot);
            if (!stillMapped) {
                state.memory.freeFrame(slot.pa, slot.size);
                state.addFrameBytes(-slot.size.bytes());
            }
            slot.space.addResident(-slot.size.bytes());
            slot.present = false;
        }
        if (slot.swapped()) {
            state.swap.take(slot.swapSlot);
            slot.swapSlot = -1;
        }
        if (slot.devicePrivate) {
            boolean stillMapped = slot.shared != null && slot.shared.remove(slot);
            if (!stillMapped) {
                slot.pagemap.memory().freeFrame(slot.devicePa, slot.size);
            }
            slot.devicePrivate = false;
            slot.pagemap = null;
            slot.devicePa = -1;
        }
        slot.space.removeSlot(slot);
    }
}
