package org.iopf.core.mem;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;

/**
 * Page migration between NUMA nodes ({@code move_pages}): the resident pages of a range that are
 * not pinned, not shared copy-on-write and not in a device migration move to frames on the target
 * node, contents copied, after the address space's notifiers hear
 * {@link InvalidationReason#MIGRATE}. A huge page only partly in the range is split first; one for
 * which the target has no huge frame moves as 512 base pages.
 */
final class NumaMigrator {
    private final PagingState state;
    private final HugePageSplitter splitter;

    NumaMigrator(PagingState state, HugePageSplitter splitter) {
        this.state = state;
        this.splitter = splitter;
    }

    /** Moves the movable pages of {@code [start, end)} to {@code targetNumaNode}; returns the bytes moved. */
    long migrate(ProcessAddressSpace p, long start, long end, int targetNumaNode) {
        List<PageTableSlot> movable = new ArrayList<>();
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.present && slot.pinCount == 0 && slot.migration == null && slot.shared == null
                    && state.memory.numaNodeOf(slot.pa) != targetNumaNode) {
                movable.add(slot);
            }
        }
        if (movable.isEmpty()) {
            return 0;
        }
        state.notifyRange(p, start, end, InvalidationReason.MIGRATE);
        long moved = 0;
        for (PageTableSlot slot : movable) {
            slot.mirrorOf = null;
            slot.exclusiveOf = null;
            List<PageTableSlot> pages = slot.size == PageSize.HUGE_2M && (slot.va < start || slot.end() > end)
                    ? HugePageSplitter.withinRange(splitter.split(slot), start, end) : List.of(slot);
            for (PageTableSlot page : pages) {
                moved += moveFrame(page, targetNumaNode);
            }
        }
        return moved;
    }

    private long moveFrame(PageTableSlot slot, int node) {
        SparsePhysicalMemory memory = state.memory;
        OptionalLong target = memory.allocateFrame(slot.size, node, NumaPolicy.STRICT_LOCAL);
        if (target.isEmpty()) {
            if (slot.size == PageSize.HUGE_2M) {
                long moved = 0;
                for (PageTableSlot page : splitter.split(slot)) {
                    moved += moveFrame(page, node);
                }
                return moved;
            }
            return 0;
        }
        memory.write(target.getAsLong(), memory.capture(slot.pa, slot.size.bytes()));
        memory.freeFrame(slot.pa, slot.size);
        slot.pa = target.getAsLong();
        return slot.size.bytes();
    }
}
