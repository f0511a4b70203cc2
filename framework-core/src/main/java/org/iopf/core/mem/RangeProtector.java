package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MemoryProtection;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Protection;
import org.iopf.api.mem.Vma;

/**
 * {@code mprotect(2)} after Linux {@code mm/mprotect.c}: {@code mprotect_fixup} splits the VMAs at
 * the range's ends and gives the pieces the new protection; {@code change_protection} calls the
 * notifiers for the range ({@link InvalidationReason#PROTECTION}) and rewrites every entry in it,
 * splitting a huge page that lies only partly inside (as {@code change_pmd_range} splits a PMD).
 * Present, swapped and device-private entries keep their frames; a page shared copy-on-write stays
 * shared, its write protection coming from the sharing, not from the VMA.
 */
final class RangeProtector implements MemoryProtection {
    private final PagingState state;
    private final ProcessTable processes;
    private final HugePageSplitter splitter;
    private final MigrationEntries entries;

    RangeProtector(PagingState state, ProcessTable processes, HugePageSplitter splitter, MigrationEntries entries) {
        this.state = state;
        this.processes = processes;
        this.splitter = splitter;
        this.entries = entries;
    }

    @Override
    public void mprotect(AddressSpace space, long va, long length, Protection protection) {
        ProcessAddressSpace p = processes.own(space);
        requireNonNull(protection, "protection is null");
        long start = PagingState.checkedStart(va);
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
        long end = PageSize.BASE.alignUp(va + length);
        if (!p.fullyMapped(start, end)) {
            throw new IllegalArgumentException(String.format(
                    "mprotect of [0x%x, 0x%x) in %s: part of the range is not mapped (ENOMEM)", start, end, p));
        }
        entries.releaseAll(p, start, end);
        if (p.hasSlots(start, end)) {
            state.notifyRange(p, start, end, InvalidationReason.PROTECTION);
        }
        for (Vma vma : p.removeVmaRange(start, end)) {
            p.addVma(vma.withProtection(protection));
        }
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.va < start || slot.end() > end) {
                for (PageTableSlot piece : HugePageSplitter.withinRange(
                        slot.devicePrivate ? splitter.splitDevicePrivate(slot) : splitter.split(slot), start, end)) {
                    protect(piece, protection);
                }
            } else {
                protect(slot, protection);
            }
        }
    }

    private static void protect(PageTableSlot slot, Protection protection) {
        slot.writable = protection.writable();
        slot.readable = protection.readable();
    }
}
