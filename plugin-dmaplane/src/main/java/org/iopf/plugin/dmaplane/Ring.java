package org.iopf.plugin.dmaplane;

import java.util.ArrayDeque;

/**
 * A fixed-capacity ring (a channel's submit or completion ring, seed 004 §2.1): FIFO, refuses an
 * entry when full.
 *
 * @param <T> the entry type
 */
final class Ring<T> {
    private final int capacity;
    private final ArrayDeque<T> entries;

    Ring(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be > 0: " + capacity);
        }
        this.capacity = capacity;
        this.entries = new ArrayDeque<>(capacity);
    }

    /** Adds {@code entry}; false when the ring is full. */
    boolean offer(T entry) {
        if (entries.size() >= capacity) {
            return false;
        }
        entries.addLast(entry);
        return true;
    }

    /** Removes the oldest entry, or null. */
    T poll() {
        return entries.pollFirst();
    }

    int size() {
        return entries.size();
    }

    int capacity() {
        return capacity;
    }

    boolean isFull() {
        return entries.size() >= capacity;
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }
}
