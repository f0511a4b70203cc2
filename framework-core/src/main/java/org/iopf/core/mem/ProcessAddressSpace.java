package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import it.unimi.dsi.fastutil.longs.Long2ObjectRBTreeMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectSortedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Vma;

/**
 * A process's address space as kept by a {@link DemandPagingMemoryManager}: VMAs sorted by start
 * and never overlapping, a sparse page table (a tree from page address to a mutable entry, for
 * ranges, and a {@link PageDirectory} of 2 MiB regions, for lookups; a huge page is one entry
 * covering 2 MiB), the MMU notifiers registered for it, and its resident bytes.
 * Public methods are the read-only {@link AddressSpace} view; the manager changes it.
 *
 * @since 0.1
 */
public final class ProcessAddressSpace implements AddressSpace {
    private final int pid;
    private final String name;
    private final TreeMap<Long, Vma> vmas = new TreeMap<>();
    /** Page-table entries by first virtual address (primitive keys, in address order). */
    private final Long2ObjectRBTreeMap<PageTableSlot> pageTable = new Long2ObjectRBTreeMap<>();
    /** The same entries as a walk finds them: {@link #slot} without walking the tree (which serves ranges). */
    private final PageDirectory directory = new PageDirectory();
    private final List<MmuNotifier> notifiers = new ArrayList<>();
    private long nextMapVa;
    private long residentBytes;
    /** The VMA the last lookup found (VMAs are immutable; forgotten when the layout changes). */
    private Vma lastVma;

    ProcessAddressSpace(int pid, String name, long firstMapVa) {
        this.pid = pid;
        this.name = requireNonNull(name, "name is null");
        this.nextMapVa = firstMapVa;
    }

    @Override
    public int pid() {
        return pid;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Vma> vmas() {
        return List.copyOf(vmas.values());
    }

    @Override
    public Optional<Vma> vma(long va) {
        return Optional.ofNullable(vmaAt(va));
    }

    @Override
    public Optional<PageTableEntry> entry(long va) {
        PageTableSlot slot = slot(va);
        return slot == null ? Optional.empty() : Optional.of(slot.snapshot());
    }

    @Override
    public long residentBytes() {
        return residentBytes;
    }

    /** Number of page-table entries (base or huge) that hold state. */
    public int pageTableEntries() {
        return pageTable.size();
    }

    Vma vmaAt(long va) {
        Vma last = lastVma;
        if (last != null && last.range().contains(va)) {
            return last; // no boxed key and no tree walk for the common repeated lookup
        }
        Map.Entry<Long, Vma> e = vmas.floorEntry(va);
        Vma found = e != null && e.getValue().range().contains(va) ? e.getValue() : null;
        if (found != null) {
            lastVma = found;
        }
        return found;
    }

    /** Whether every byte of {@code [start, end)} is in some VMA. */
    boolean fullyMapped(long start, long end) {
        long pos = start;
        while (pos < end) {
            Vma vma = vmaAt(pos);
            if (vma == null) {
                return false;
            }
            pos = vma.range().end();
        }
        return true;
    }

    /** Gives this (new, empty) space a copy of {@code parent}'s VMAs and next mapping address (fork). */
    void copyLayoutFrom(ProcessAddressSpace parent) {
        if (!vmas.isEmpty() || !pageTable.isEmpty()) {
            throw new IllegalStateException("only an empty address space takes a fork's layout");
        }
        vmas.putAll(parent.vmas);
        lastVma = null;
        nextMapVa = parent.nextMapVa;
    }

    long reserveMapping(long length) {
        long va = nextMapVa;
        nextMapVa = PageSize.HUGE_2M.alignUp(va + length) + PageSize.HUGE_2M.bytes();
        return va;
    }

    void addVma(Vma vma) {
        Map.Entry<Long, Vma> before = vmas.floorEntry(vma.range().start());
        Map.Entry<Long, Vma> after = vmas.ceilingEntry(vma.range().start());
        if ((before != null && before.getValue().range().overlaps(vma.range()))
                || (after != null && after.getValue().range().overlaps(vma.range()))) {
            throw new IllegalStateException("VMA " + vma.range() + " overlaps an existing one");
        }
        vmas.put(vma.range().start(), vma);
        lastVma = null;
    }

    /**
     * Removes {@code [start, end)} from the VMAs, splitting those that straddle its ends, and
     * returns the removed pieces in address order.
     */
    List<Vma> removeVmaRange(long start, long end) {
        List<Vma> removed = new ArrayList<>();
        lastVma = null;
        Long from = vmas.floorKey(start);
        for (Vma vma : new ArrayList<>(vmas.subMap(from == null ? start : from, true, end, false).values())) {
            AddressRange r = vma.range();
            if (r.end() <= start || r.start() >= end) {
                continue;
            }
            vmas.remove(r.start());
            if (r.start() < start) {
                vmas.put(r.start(), piece(vma, r.start(), start));
            }
            if (r.end() > end) {
                vmas.put(end, piece(vma, end, r.end()));
            }
            removed.add(piece(vma, Math.max(r.start(), start), Math.min(r.end(), end)));
        }
        return removed;
    }

    private static Vma piece(Vma vma, long start, long end) {
        return new Vma(new AddressRange(start, end - start), vma.writable(), vma.options(), vma.readable());
    }

    /**
     * The entry that maps {@code va}, or null. Entries are aligned to their size and never
     * overlap ({@link #putSlot}), so it can only start at {@code va}'s 4 KiB or 2 MiB boundary.
     */
    PageTableSlot slot(long va) {
        return directory.find(va);
    }

    /** The entries that overlap {@code [start, end)}, in address order (a snapshot list). */
    List<PageTableSlot> slots(long start, long end) {
        PageTableSlot first = slot(start);
        List<PageTableSlot> list = new ArrayList<>();
        if (first != null && first.va < start) {
            list.add(first);
        }
        if (start < end) {
            list.addAll(pageTable.subMap(start, end).values());
        }
        return list;
    }

    boolean hasSlots(long start, long end) {
        PageTableSlot first = slot(start);
        if (first != null) {
            return true;
        }
        Long2ObjectSortedMap<PageTableSlot> above = pageTable.tailMap(start);
        return !above.isEmpty() && above.firstLongKey() < end;
    }

    void putSlot(PageTableSlot slot) {
        if (!slot.size.isAligned(slot.va)) {
            throw new IllegalArgumentException("a " + slot.size + " entry at unaligned 0x" + Long.toHexString(slot.va));
        }
        pageTable.put(slot.va, slot);
        directory.put(slot);
    }

    void removeSlot(PageTableSlot slot) {
        pageTable.remove(slot.va, slot);
        directory.remove(slot);
    }

    void addResident(long bytes) {
        residentBytes += bytes;
    }

    List<MmuNotifier> notifiers() {
        return notifiers;
    }

    @Override
    public String toString() {
        return "ProcessAddressSpace[pid=" + pid + ", " + name + "]";
    }
}
