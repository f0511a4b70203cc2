package org.iopf.core.mem;

import java.util.ArrayList;
import java.util.List;

/**
 * A frame shared copy-on-write by the page-table entries of several processes after a fork (the
 * frame's map count is the number of sharers). Every sharer maps the same frame, write-protected;
 * a write fault takes the writer out of the group (a copy, or for the last sharer write
 * permission back). Sharers are kept in the order they joined, never hash-ordered.
 */
final class SharedFrame {
    private final List<PageTableSlot> sharers = new ArrayList<>();

    void add(PageTableSlot slot) {
        sharers.add(slot);
        slot.shared = this;
    }

    /** Takes {@code slot} out of the group; returns whether others still map the frame. */
    boolean remove(PageTableSlot slot) {
        sharers.remove(slot);
        slot.shared = null;
        return !sharers.isEmpty();
    }

    int mapCount() {
        return sharers.size();
    }

    /** The sharers, a snapshot in joining order. */
    List<PageTableSlot> sharers() {
        return List.copyOf(sharers);
    }
}
