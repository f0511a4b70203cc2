package org.iopf.core.mem;

import org.iopf.api.mem.InvalidationReason;

/**
 * Device-exclusive entries (Linux {@code make_device_exclusive}, mm/rmap.c, and
 * {@code remove_device_exclusive_entry}, mm/memory.c): a present base page whose CPU entry a device
 * has replaced so that it alone accesses the frame; the first CPU access restores it. Both steps
 * call the address space's notifiers with {@link InvalidationReason#EXCLUSIVE} first.
 */
final class DeviceExclusiveEntries {
    private final PagingState state;

    DeviceExclusiveEntries(PagingState state) {
        this.state = state;
    }

    /** Replaces the CPU entry of the present base page {@code slot} by a device-exclusive entry of {@code owner}. */
    void make(PageTableSlot slot, SimDevicePagemap owner) {
        state.notifyRange(slot.space, slot.va, slot.end(), InvalidationReason.EXCLUSIVE);
        slot.exclusiveOf = owner;
    }

    /** A CPU access to a device-exclusive page: the device loses its access (notifiers), the CPU entry is back. */
    void restore(PageTableSlot slot) {
        state.notifyRange(slot.space, slot.va, slot.end(), InvalidationReason.EXCLUSIVE);
        slot.exclusiveOf = null;
    }
}
