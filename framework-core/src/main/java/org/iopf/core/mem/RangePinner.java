package org.iopf.core.mem;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;

/**
 * Pinning a range ({@code pin_user_pages} with {@code FOLL_LONGTERM}): all or nothing within the
 * pinnable limit; every page is faulted in first and a page shared copy-on-write is unshared, so a
 * device never writes into a frame another process sees. A pin of 4 KiB inside a huge page pins
 * the 2 MiB page.
 */
final class RangePinner {
    private final long pinnableLimitBytes;
    private final PinAccount pins;
    private final PageFaultPath faults;
    private final CopyOnWriteForker cow;

    RangePinner(long pinnableLimitBytes, PinAccount pins, PageFaultPath faults, CopyOnWriteForker cow) {
        this.pinnableLimitBytes = pinnableLimitBytes;
        this.pins = pins;
        this.faults = faults;
        this.cow = cow;
    }

    PinResult pin(ProcessAddressSpace p, long va, long length) {
        if (length <= 0) {
            return PinResult.PINNED;
        }
        long start = PageSize.BASE.alignDown(va);
        long end = PageSize.BASE.alignUp(va + length);
        if (!p.fullyMapped(start, end)) {
            return PinResult.NO_MAPPING;
        }
        long alreadyPinned = 0;
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.pinCount > 0) {
                alreadyPinned += Math.min(slot.end(), end) - Math.max(slot.va, start);
            }
        }
        if (pins.pinnedBytes() + (end - start - alreadyPinned) > pinnableLimitBytes) {
            return PinResult.LIMIT_EXCEEDED;
        }
        List<PageTableSlot> pinnedHere = new ArrayList<>();
        long pos = start;
        while (pos < end) {
            FaultInResult result = faults.resolve(p, pos, Access.READ);
            if (PagingState.isFailure(result)) {
                pinnedHere.forEach(pins::unpin);
                return result == FaultInResult.OUT_OF_MEMORY ? PinResult.OUT_OF_MEMORY : PinResult.NO_MAPPING;
            }
            PageTableSlot slot = p.slot(pos);
            if (slot.shared != null) {
                FaultInResult unshared = cow.breakSharing(p, slot, pos, p.vmaAt(pos));
                if (PagingState.isFailure(unshared)) {
                    pinnedHere.forEach(pins::unpin);
                    return PinResult.OUT_OF_MEMORY;
                }
                slot = p.slot(pos);
            }
            pins.pin(slot);
            pinnedHere.add(slot);
            pos = slot.end();
        }
        if (pins.pinnedBytes() > pinnableLimitBytes) {
            pinnedHere.forEach(pins::unpin);
            return PinResult.LIMIT_EXCEEDED;
        }
        return PinResult.PINNED;
    }

    void unpin(ProcessAddressSpace p, long va, long length) {
        if (length <= 0) {
            return;
        }
        for (PageTableSlot slot : p.slots(PageSize.BASE.alignDown(va), PageSize.BASE.alignUp(va + length))) {
            if (slot.pinCount > 0) {
                pins.unpin(slot);
            }
        }
    }
}
