package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.CopyOnWriteFork;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;

/**
 * Fork and copy-on-write. {@link #fork} gives the child the parent's VMAs and shares every present
 * unpinned frame with it, write-protected in both (a {@link SharedFrame} per frame: its map count),
 * after the parent's notifiers hear {@link InvalidationReason#PROTECTION} for each writable VMA that
 * holds such pages. Pinned pages are copied into the child at once (Linux's
 * {@code page_needs_cow_for_dma}); device-private pages stay on the device, the child's entry
 * naming the same device frame and both read-only (Linux's {@code copy_nonpresent_pte}); swapped-out
 * pages share their swap slot, pages in a migration entry are put back first and mirrored pages
 * stop being mirrored. {@link #breakSharing} is the
 * write fault (or the pin) on a shared page.
 */
final class CopyOnWriteForker implements CopyOnWriteFork {
    private static final long PAGE = PageSize.BASE.bytes();

    private final PagingState state;
    private final ProcessTable processes;
    private final SwapReclaimer frames;
    private final HugePageSplitter splitter;
    private final MigrationEntries entries;
    private final PageUnmapper unmapper;
    private long cowFaults;
    private long cowReuses;

    CopyOnWriteForker(PagingState state, ProcessTable processes, SwapReclaimer frames, HugePageSplitter splitter,
            MigrationEntries entries, PageUnmapper unmapper) {
        this.state = state;
        this.processes = processes;
        this.frames = frames;
        this.splitter = splitter;
        this.entries = entries;
        this.unmapper = unmapper;
    }

    /** Write faults that copied a shared page. */
    long cowFaults() {
        return cowFaults;
    }

    /** Write faults of a last sharer that took its page back without a copy. */
    long cowReuses() {
        return cowReuses;
    }

    @Override
    public ProcessAddressSpace fork(AddressSpace parent, String childName) {
        ProcessAddressSpace p = processes.own(parent);
        requireNonNull(childName, "childName is null");
        for (Vma vma : p.vmas()) {
            if (vma.options().shared()) {
                throw new IllegalStateException("fork of " + p + ": its shared mapping " + vma.range()
                        + " would have to stay shared with the child, which this model does not do");
            }
        }
        entries.releaseAll(p, 0, Long.MAX_VALUE);
        ProcessAddressSpace c = processes.newProcess(childName);
        c.copyLayoutFrom(p);
        for (PageTableSlot slot : p.slots(0, Long.MAX_VALUE)) {
            if (slot.present && slot.pinCount > 0 && !copyIntoChild(c, slot)) {
                c.slots(0, Long.MAX_VALUE).forEach(unmapper::freeSlot);
                throw new IllegalStateException("fork of " + p + ": no memory for the copies of its pinned pages");
            }
        }
        for (Vma vma : p.vmas()) {
            if (needsWriteProtection(p, vma)) {
                state.notifyRange(p, vma.range().start(), vma.range().end(), InvalidationReason.PROTECTION);
            }
        }
        for (PageTableSlot slot : p.slots(0, Long.MAX_VALUE)) {
            // a device-exclusive entry is restored in the parent, then copied as a present page
            // (copy_nonpresent_pte: try_restore_exclusive_pte); the write protection above told the device
            slot.exclusiveOf = null;
            if (slot.present && slot.pinCount == 0) {
                shareWithChild(c, slot);
            } else if (slot.devicePrivate) {
                shareDevicePrivateWithChild(c, slot);
            } else if (slot.swapped()) {
                state.swap.duplicate(slot.swapSlot);
                PageTableSlot twin = new PageTableSlot(c, slot.va, slot.size, slot.writable);
                twin.swapSlot = slot.swapSlot;
                twin.readable = slot.readable;
                c.putSlot(twin);
            }
        }
        processes.register(c);
        return c;
    }

    /** Whether forking write-protects (or ends the mirror of) some page of {@code vma}. */
    private static boolean needsWriteProtection(ProcessAddressSpace p, Vma vma) {
        for (PageTableSlot slot : p.slots(vma.range().start(), vma.range().end())) {
            if (slot.present && (slot.mirrorOf != null || slot.exclusiveOf != null || (vma.writable() && slot.pinCount == 0 && slot.shared == null))) {
                return true;
            }
            if (slot.devicePrivate && vma.writable() && slot.shared == null) {
                return true;
            }
        }
        return false;
    }

    /** Maps a present unpinned page of the parent into the child on the same frame, both write-protected. */
    private void shareWithChild(ProcessAddressSpace child, PageTableSlot slot) {
        slot.mirrorOf = null;
        if (slot.shared == null) {
            new SharedFrame().add(slot);
        }
        PageTableSlot twin = new PageTableSlot(child, slot.va, slot.size, slot.writable);
        twin.pa = slot.pa;
        twin.readable = slot.readable;
        twin.present = true;
        twin.dirty = slot.dirty;
        twin.accessed = slot.accessed;
        slot.shared.add(twin);
        child.putSlot(twin);
        state.clock.addTail(twin);
        child.addResident(slot.size.bytes());
    }

    /**
     * Maps a device-private page of the parent into the child as a device-private entry naming the
     * same device frame, both read-only (Linux {@code copy_nonpresent_pte}, mm/memory.c: a writable
     * device-private entry of a COW mapping becomes a readable one in the parent, and the child gets
     * the same entry). The page stays on the device; the first CPU access of either side migrates it
     * back for both ({@code try_to_migrate} unmaps every mapping of the page), and a write then
     * copies it as any shared page.
     */
    private void shareDevicePrivateWithChild(ProcessAddressSpace child, PageTableSlot slot) {
        if (slot.shared == null) {
            new SharedFrame().add(slot);
        }
        PageTableSlot twin = new PageTableSlot(child, slot.va, slot.size, slot.writable);
        twin.devicePrivate = true;
        twin.readable = slot.readable;
        twin.pagemap = slot.pagemap;
        twin.devicePa = slot.devicePa;
        twin.dirty = slot.dirty;
        slot.shared.add(twin);
        child.putSlot(twin);
    }

    /**
     * Gives the child a private copy of a pinned page of the parent, in one frame of the page's
     * size or else in base frames; returns false when memory ran out.
     */
    private boolean copyIntoChild(ProcessAddressSpace child, PageTableSlot slot) {
        SparsePhysicalMemory from = state.memory;
        long source = slot.pa;
        Vma vma = child.vmaAt(slot.va);
        OptionalLong whole = frames.allocate(slot.size, vma);
        if (whole.isPresent()) {
            copyPage(child, slot, slot.va, slot.size, from, source, whole.getAsLong());
            return true;
        }
        if (slot.size == PageSize.BASE) {
            return false;
        }
        for (long off = 0; off < slot.size.bytes(); off += PAGE) {
            OptionalLong base = frames.allocate(PageSize.BASE, vma);
            if (base.isEmpty()) {
                return false;
            }
            copyPage(child, slot, slot.va + off, PageSize.BASE, from, source + off, base.getAsLong());
        }
        return true;
    }

    private void copyPage(ProcessAddressSpace child, PageTableSlot original, long va, PageSize size,
            SparsePhysicalMemory from, long source, long frame) {
        state.memory.write(frame, from.capture(source, size.bytes()));
        PageTableSlot copy = new PageTableSlot(child, va, size, original.writable);
        state.map(copy, frame, Access.READ);
        copy.dirty = original.dirty;
        copy.readable = original.readable;
    }

    /**
     * A write (or a pin) meets a page shared copy-on-write: the last sharer just takes it back
     * writable; otherwise the writer gets a copy on a new frame (a huge page is copied whole, or,
     * when no huge frame is free, split in every sharer and only the written base page copied),
     * its notifiers told {@link InvalidationReason#COPY_ON_WRITE} before it leaves the old frame.
     */
    FaultInResult breakSharing(ProcessAddressSpace p, PageTableSlot slot, long va, Vma vma) {
        SharedFrame group = slot.shared;
        if (group.mapCount() == 1) {
            group.remove(slot);
            cowReuses++;
            return FaultInResult.ALREADY_PRESENT;
        }
        List<PageTableSlot> sharers = group.sharers();
        List<PageTableSlot> held = new ArrayList<>();
        for (PageTableSlot sharer : sharers) {
            if (sharer.inClock) {
                state.clock.remove(sharer); // reclaim must not take the frame while its copy is being made
                held.add(sharer);
            }
        }
        OptionalLong frame = frames.allocate(slot.size, vma);
        held.forEach(state.clock::addTail);
        if (frame.isEmpty()) {
            if (slot.size == PageSize.HUGE_2M) {
                splitter.split(slot);
                PageTableSlot base = p.slot(va);
                return breakSharing(p, base, va, vma);
            }
            return FaultInResult.OUT_OF_MEMORY;
        }
        state.memory.write(frame.getAsLong(), state.memory.capture(slot.pa, slot.size.bytes()));
        state.notifyRange(p, slot.va, slot.end(), InvalidationReason.COPY_ON_WRITE);
        group.remove(slot);
        slot.pa = frame.getAsLong();
        state.addFrameBytes(slot.size.bytes());
        cowFaults++;
        return FaultInResult.ALREADY_PRESENT;
    }
}
