package org.iopf.core.mem;

import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MigratingPageState;

/**
 * Takes pages back from a device migration when the CPU needs them first: a page held by a
 * migration entry is put back as it was before setup (the batch then skips it), and a CPU write to
 * a mirrored page ends the mirror.
 */
final class MigrationEntries {
    private final PagingState state;

    MigrationEntries(PagingState state) {
        this.state = state;
    }

    /** Puts a page held by a migration back as it was before setup; the batch skips it. */
    void release(PageTableSlot slot) {
        SimMigratingPage page = slot.migration;
        slot.migration = null;
        page.state = MigratingPageState.SKIPPED;
        switch (page.batch.kind) {
            case TO_DEVICE -> {
                if (slot.pa < 0) {
                    slot.space.removeSlot(slot);
                } else {
                    slot.present = true;
                    if (slot.pinCount == 0) {
                        state.clock.addTail(slot);
                    }
                }
            }
            case MIRROR_TO_DEVICE -> slot.mirrorOf = null;
            default -> {
                // TO_RAM: the page is still device-private (in every sharer after a fork); its
                // destination is freed at finalize
                if (slot.shared != null) {
                    for (PageTableSlot sharer : slot.shared.sharers()) {
                        if (sharer.migration == page) {
                            sharer.migration = null;
                        }
                    }
                }
            }
        }
    }

    /** Releases every page of {@code p} in {@code [start, end)} that a migration holds. */
    void releaseAll(ProcessAddressSpace p, long start, long end) {
        for (PageTableSlot slot : p.slots(start, end)) {
            if (slot.migration != null) {
                release(slot);
            }
        }
    }

    /** A CPU write to a mirrored page: the device drops its copy (notifiers) and the page is writable again. */
    void endMirror(PageTableSlot slot) {
        if (slot.migration != null) {
            release(slot);
        }
        slot.mirrorOf = null;
        state.notifyRange(slot.space, slot.va, slot.end(), InvalidationReason.PROTECTION);
    }
}
