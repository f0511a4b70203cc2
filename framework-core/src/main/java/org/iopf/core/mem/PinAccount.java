package org.iopf.core.mem;

/**
 * The pin counts of pages and the node's pinned bytes: a page's whole size counts once while any
 * pin holds it, and a pinned page leaves the reclaim clock until its last pin goes.
 */
final class PinAccount {
    private final ResidentPageClock clock;
    private long pinnedBytes;

    PinAccount(ResidentPageClock clock) {
        this.clock = clock;
    }

    long pinnedBytes() {
        return pinnedBytes;
    }

    void pin(PageTableSlot slot) {
        if (slot.pinCount++ == 0) {
            clock.remove(slot);
            pinnedBytes += slot.size.bytes();
        }
    }

    void unpin(PageTableSlot slot) {
        if (--slot.pinCount == 0) {
            pinnedBytes -= slot.size.bytes();
            if (slot.present) {
                clock.addTail(slot);
            }
        }
    }

    /** Drops every pin of a page that is being freed. */
    void dropAll(PageTableSlot slot) {
        if (slot.pinCount > 0) {
            pinnedBytes -= slot.size.bytes();
            slot.pinCount = 0;
        }
    }
}
