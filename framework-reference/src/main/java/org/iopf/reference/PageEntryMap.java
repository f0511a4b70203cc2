package org.iopf.reference;

import java.util.Arrays;

/**
 * A map from page number to a non-negative entry, in open-addressed primitive arrays (linear
 * probing, backward-shift deletion), so that a lookup on the translation path boxes nothing.
 */
final class PageEntryMap {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys = emptyKeys(16);
    private long[] values = new long[16];
    private int size;

    /** The entry of {@code page}, or -1. */
    long get(long page) {
        int mask = keys.length - 1;
        for (int i = index(page, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == page) {
                return values[i];
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** Sets the entry of {@code page} ({@code value >= 0}; {@code page} not {@link Long#MIN_VALUE}). */
    void put(long page, long value) {
        if (value < 0 || page == EMPTY) {
            throw new IllegalArgumentException("bad page entry: " + page + " -> " + value);
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = index(page, mask);
        while (keys[i] != EMPTY && keys[i] != page) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = page;
            size++;
        }
        values[i] = value;
    }

    /** Removes the entry of {@code page}, if any. */
    void remove(long page) {
        int mask = keys.length - 1;
        int i = index(page, mask);
        while (keys[i] != page) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        // shift back the entries after the hole that probed past it
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = index(keys[j], mask);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        size--;
    }

    /** Pages with an entry. */
    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldValues = values;
        keys = emptyKeys(oldKeys.length * 2);
        values = new long[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static long[] emptyKeys(int length) {
        long[] k = new long[length];
        Arrays.fill(k, EMPTY);
        return k;
    }

    private static int index(long page, int mask) {
        long h = page * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
