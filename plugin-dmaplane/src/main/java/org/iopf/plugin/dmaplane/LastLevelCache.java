package org.iopf.plugin.dmaplane;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iopf.api.mem.PageSize;

/**
 * The last-level cache one worker thread sees, at the granularity of 4 KiB physical frames with
 * least-recently-used replacement: a buffer that fits stays resident across passes, a buffer larger
 * than the cache streamed in order misses on every access (seed 004 §3.2: "small buffers stay in
 * the CPU cache"). Freed frames are invalidated; page zeroing at allocation is taken as
 * non-temporal (it does not fill the cache).
 */
final class LastLevelCache {
    private final long capacityFrames;
    private final LinkedHashMap<Long, Boolean> frames;
    private long hits;
    private long misses;

    LastLevelCache(long capacityBytes) {
        if (capacityBytes < FRAME) {
            throw new IllegalArgumentException("cache must hold at least one 4 KiB frame: " + capacityBytes);
        }
        this.capacityFrames = capacityBytes / FRAME;
        this.frames = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > capacityFrames;
            }
        };
    }

    /** Bytes per cached frame. */
    static final long FRAME = PageSize.BASE.bytes();

    /** Touches the frame holding physical address {@code pa}; returns whether it was cached. */
    boolean access(long pa) {
        Long frame = pa / FRAME;
        if (frames.get(frame) != null) {
            hits++;
            return true;
        }
        misses++;
        frames.put(frame, Boolean.TRUE);
        return false;
    }

    /** Drops the frames of {@code [pa, pa+length)}. */
    void invalidate(long pa, long length) {
        for (long f = pa / FRAME; f * FRAME < pa + length; f++) {
            frames.remove(f);
        }
    }

    long hits() {
        return hits;
    }

    long misses() {
        return misses;
    }

    long residentBytes() {
        return frames.size() * FRAME;
    }
}
