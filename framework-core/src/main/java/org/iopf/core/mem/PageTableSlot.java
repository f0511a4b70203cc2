package org.iopf.core.mem;

import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;

/**
 * The mutable page-table entry behind a {@link PageTableEntry} snapshot, one per base or huge
 * page that has state (resident, swapped, device-private, device-exclusive, mirrored, shared copy-on-write or in a migration
 * entry). It is also a node of the
 * {@link ResidentPageClock}'s intrusive list. About 80 bytes per page with its tree entry.
 */
final class PageTableSlot {
    final ProcessAddressSpace space;
    final long va;
    final PageSize size;
    /** Writes allowed by the VMA's protection when the entry was made or last changed ({@code mprotect}). */
    boolean writable;
    /** Reads allowed ({@code mprotect(PROT_NONE)} clears it). */
    boolean readable = true;
    long pa = -1;
    boolean present;
    boolean dirty;
    boolean accessed;
    boolean devicePrivate;
    /** The owner of a device-private page, or null. */
    SimDevicePagemap pagemap;
    /** The device frame of a device-private page, or -1. */
    long devicePa = -1;
    /** The device that mirrors this present page (write-protected while mirrored), or null. */
    SimDevicePagemap mirrorOf;
    /**
     * The device that holds exclusive access to this present page (a device-exclusive entry, Linux
     * {@code make_device_exclusive}): the CPU cannot use it until a fault restores it; or null.
     */
    SimDevicePagemap exclusiveOf;
    /** The page of the migration that holds this entry (a migration entry), or null. */
    SimMigratingPage migration;
    /** The copy-on-write group sharing this present page's frame (write-protected while set), or null. */
    SharedFrame shared;
    int pinCount;
    /** Swap slot holding the contents while swapped out, or -1. */
    long swapSlot = -1;

    PageTableSlot prev;
    PageTableSlot next;
    boolean inClock;

    PageTableSlot(ProcessAddressSpace space, long va, PageSize size, boolean writable) {
        this.space = space;
        this.va = va;
        this.size = size;
        this.writable = writable;
    }

    long end() {
        return va + size.bytes();
    }

    boolean swapped() {
        return swapSlot >= 0;
    }

    PageTableEntry snapshot() {
        boolean cpuPresent = present && exclusiveOf == null;
        return new PageTableEntry(va, cpuPresent ? pa : -1, size, cpuPresent,
                exclusiveOf == null && writable && readable && mirrorOf == null && shared == null,
                dirty, accessed,
                pinCount > 0, swapped(), devicePrivate);
    }
}
