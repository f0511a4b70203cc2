package org.iopf.core.mem;

import java.util.List;
import java.util.OptionalLong;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;

/**
 * Frame allocation under memory pressure and reclaim to swap. An allocation that would leave less
 * than the low watermark free first reclaims until the high watermark is free again; a base frame
 * the VMA's NUMA policy still cannot find keeps taking victims, from any node, until one fits or
 * nothing is left. Victims are resident unpinned pages in second-chance clock order; every notifier
 * of a victim's address space hears {@link InvalidationReason#RECLAIM} before its contents go to
 * swap and its frame is freed; a huge victim goes to swap as 512 base pages.
 */
final class SwapReclaimer {
    private static final long PAGE = PageSize.BASE.bytes();

    private final PagingState state;
    private final SparsePhysicalMemory memory;
    private final SwapStore swap;
    private long reclaimedPages;

    SwapReclaimer(PagingState state) {
        this.state = state;
        this.memory = state.memory;
        this.swap = state.swap;
    }

    /** 4 KiB pages reclaimed so far. */
    long reclaimedPages() {
        return reclaimedPages;
    }

    /** A free frame of {@code size} where {@code vma}'s NUMA policy allows, reclaiming first if memory is low. */
    OptionalLong allocate(PageSize size, Vma vma) {
        int node = vma.options().numaNode();
        NumaPolicy policy = vma.options().numaPolicy();
        long free = memory.freeBytes();
        if (free - size.bytes() < state.config.lowWatermarkBytes()) {
            reclaim(state.config.highWatermarkBytes() + size.bytes() - free);
        }
        OptionalLong pa = memory.allocateFrame(size, node, policy);
        while (pa.isEmpty() && size == PageSize.BASE && evictOne() > 0) {
            pa = memory.allocateFrame(size, node, policy);
        }
        return pa;
    }

    /** Reclaims up to {@code bytes} (whole pages, so possibly a little more); returns the bytes freed. */
    long reclaim(long bytes) {
        long reclaimed = 0;
        while (reclaimed < bytes) {
            long freed = evictOne();
            if (freed == 0) {
                break;
            }
            reclaimed += freed;
        }
        return reclaimed;
    }

    /**
     * Swaps out the clock's victim; returns the bytes freed, 0 when nothing can be reclaimed. A
     * frame shared copy-on-write is swapped out of every sharer at once (each sharer's notifiers
     * first), its swap slots shared by all of them, so no sharer keeps mapping a freed frame.
     */
    private long evictOne() {
        PageTableSlot victim = state.clock.selectVictim();
        if (victim == null || !swap.hasRoomFor(victim.size.bytes())) {
            return 0;
        }
        List<PageTableSlot> group = victim.shared == null ? List.of(victim) : victim.shared.sharers();
        long frame = victim.pa;
        for (PageTableSlot sharer : group) {
            state.notifyRange(sharer.space, sharer.va, sharer.end(), InvalidationReason.RECLAIM);
        }
        long[] swapSlots = new long[(int) (victim.size.bytes() / PAGE)];
        for (int i = 0; i < swapSlots.length; i++) {
            long pa = frame + i * PAGE;
            swapSlots[i] = swap.put(memory.readsAsZero(pa, PAGE) ? null : memory.capture(pa, PAGE));
        }
        for (int k = 0; k < group.size(); k++) {
            swapOut(group.get(k), swapSlots, k > 0);
        }
        memory.freeFrame(frame, victim.size);
        state.addFrameBytes(-victim.size.bytes());
        reclaimedPages += victim.size.bytes() / PAGE;
        return victim.size.bytes();
    }

    /** Replaces one sharer's entry by swap entries on {@code swapSlots} (a further reference to them if {@code duplicate}). */
    private void swapOut(PageTableSlot sharer, long[] swapSlots, boolean duplicate) {
        ProcessAddressSpace p = sharer.space;
        state.clock.remove(sharer);
        p.removeSlot(sharer);
        sharer.shared = null;
        for (int i = 0; i < swapSlots.length; i++) {
            PageTableSlot page = sharer.size == PageSize.BASE ? sharer
                    : new PageTableSlot(p, sharer.va + i * PAGE, PageSize.BASE, sharer.writable);
            if (duplicate) {
                swap.duplicate(swapSlots[i]);
            }
            page.swapSlot = swapSlots[i];
            page.present = false;
            page.exclusiveOf = null;
            page.dirty = false;
            page.accessed = false;
            page.pa = -1;
            p.putSlot(page);
        }
        p.addResident(-sharer.size.bytes());
    }
}
