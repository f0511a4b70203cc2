package org.iopf.plugin.dmaplane;

import org.iopf.api.mem.PageSize;

/**
 * The last-level cache one worker thread sees, at the granularity of 4 KiB physical frames:
 * {@code ways}-way set associative, least-recently-used within each set. A frame's set is a hash
 * of its physical frame number (physically indexed, with the address hashing that spreads
 * consecutive frames over sets), so a buffer's frames fall on the sets as if at random: some sets
 * receive more frames than they have ways and, streamed in order, miss on every pass (LRU under a
 * cyclic reuse larger than the set), while the others hit. The fraction that misses rises
 * gradually with the working set — about 1% of a buffer half the cache's size, more than half of
 * one of its size, almost all of one twice its size (seed 004 §3.2: "small buffers stay in the
 * CPU cache"). The capacity is rounded down to whole sets (a cache smaller than one set is one fully
 * associative set). Freed frames are invalidated; page
 * zeroing at allocation is taken as non-temporal (it does not fill the cache).
 */
final class LastLevelCache {
    /** Bytes per cached frame. */
    static final long FRAME = PageSize.BASE.bytes();

    private final int ways;
    private final int sets;
    /** Per set, its frames from most to least recently used; {@code -1} is an empty way. */
    private final long[][] lines;
    private final int[] used;
    private long hits;
    private long misses;
    private long resident;

    LastLevelCache(long capacityBytes, int ways) {
        long frames = capacityBytes / FRAME;
        if (ways < 1 || frames < 1) {
            throw new IllegalArgumentException("a cache needs a way and a 4 KiB frame: " + ways + " ways, "
                    + capacityBytes + " B");
        }
        this.ways = (int) Math.min(ways, frames);
        this.sets = Math.toIntExact(frames / this.ways);
        this.lines = new long[sets][this.ways];
        this.used = new int[sets];
    }

    /** Touches the frame holding physical address {@code pa}; returns whether it was cached. */
    boolean access(long pa) {
        long frame = pa / FRAME;
        int set = setOf(frame);
        long[] row = lines[set];
        int n = used[set];
        for (int i = 0; i < n; i++) {
            if (row[i] == frame) {
                System.arraycopy(row, 0, row, 1, i);
                row[0] = frame;
                hits++;
                return true;
            }
        }
        misses++;
        if (n < ways) {
            used[set] = n + 1;
            resident++;
            System.arraycopy(row, 0, row, 1, n);
        } else {
            System.arraycopy(row, 0, row, 1, ways - 1);
        }
        row[0] = frame;
        return false;
    }

    /** Drops the frames of {@code [pa, pa+length)}. */
    void invalidate(long pa, long length) {
        for (long f = pa / FRAME; f * FRAME < pa + length; f++) {
            int set = setOf(f);
            long[] row = lines[set];
            int n = used[set];
            for (int i = 0; i < n; i++) {
                if (row[i] == f) {
                    System.arraycopy(row, i + 1, row, i, n - i - 1);
                    used[set] = n - 1;
                    resident--;
                    break;
                }
            }
        }
    }

    /** The set of a frame: a fixed mix of its number (the SplitMix64 finaliser) modulo the sets. */
    private int setOf(long frame) {
        long z = frame + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) Long.remainderUnsigned(z, sets);
    }

    long hits() {
        return hits;
    }

    long misses() {
        return misses;
    }

    int sets() {
        return sets;
    }

    int ways() {
        return ways;
    }

    long residentBytes() {
        return resident * FRAME;
    }
}
