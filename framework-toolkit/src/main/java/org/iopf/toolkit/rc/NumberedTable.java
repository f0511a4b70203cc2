package org.iopf.toolkit.rc;

import java.util.Arrays;

/**
 * Entries numbered 1, 2, 3… by the table itself (queue-pair numbers, memory keys), found again in
 * O(1) by an array index: the packet path looks one up per packet, and a hash map would box the
 * number and hash it each time.
 *
 * @param <T> the entry type
 */
final class NumberedTable<T> {
    private Object[] entries = new Object[16];
    private int next = 1;

    /** Stores {@code entry} under the next number and returns that number. */
    int add(T entry) {
        int number = next++;
        if (number >= entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[number] = entry;
        return number;
    }

    /** The number {@link #add} hands out next. */
    int nextNumber() {
        return next;
    }

    /** The entry numbered {@code number}, or null when none is (never added, removed, out of range). */
    @SuppressWarnings("unchecked")
    T get(int number) {
        return number > 0 && number < next ? (T) entries[number] : null;
    }

    /** Removes and returns the entry numbered {@code number}, or null when there was none. */
    T remove(int number) {
        T removed = get(number);
        if (removed != null) {
            entries[number] = null;
        }
        return removed;
    }
}
