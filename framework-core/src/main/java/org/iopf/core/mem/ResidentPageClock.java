package org.iopf.core.mem;

/**
 * The reclaim order of resident, unpinned pages: a second-chance clock over an intrusive list in
 * fault-in order. A victim is taken from the head; a page whose accessed bit is set has the bit
 * cleared and goes to the tail instead, so recently used pages survive one more round. Ordered,
 * never hash-ordered: victims are deterministic.
 */
final class ResidentPageClock {
    private PageTableSlot head;
    private PageTableSlot tail;
    private long size;

    long size() {
        return size;
    }

    void addTail(PageTableSlot slot) {
        if (slot.inClock) {
            throw new IllegalStateException("page already in the clock");
        }
        slot.inClock = true;
        slot.prev = tail;
        slot.next = null;
        if (tail == null) {
            head = slot;
        } else {
            tail.next = slot;
        }
        tail = slot;
        size++;
    }

    void remove(PageTableSlot slot) {
        if (!slot.inClock) {
            return;
        }
        if (slot.prev == null) {
            head = slot.next;
        } else {
            slot.prev.next = slot.next;
        }
        if (slot.next == null) {
            tail = slot.prev;
        } else {
            slot.next.prev = slot.prev;
        }
        slot.prev = null;
        slot.next = null;
        slot.inClock = false;
        size--;
    }

    /** The least recently used page by the second-chance rule, or null when the clock is empty. */
    PageTableSlot selectVictim() {
        long budget = 2 * size + 1;
        while (head != null && budget-- > 0) {
            PageTableSlot candidate = head;
            if (!candidate.accessed) {
                return candidate;
            }
            candidate.accessed = false;
            remove(candidate);
            addTail(candidate);
        }
        return head;
    }
}
