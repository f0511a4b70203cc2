package org.iopf.plugin.uvm;

import java.util.HashMap;
import java.util.Map;

/**
 * Thrashing detection and prevention after {@code uvm_perf_thrashing.c}: every migration of a page
 * to or from the GPU is an event on that page; an event within {@code lapse} of the page's previous
 * one is a thrashing event, and {@code threshold} consecutive ones mark the page as thrashing (a gap
 * longer than {@code lapse} resets it). A fault on a thrashing page is first <em>throttled</em>: the
 * GPU may not have the page for {@code nap} (its fault is left to be replayed); after
 * {@code pinThreshold} throttles the page is <em>pinned</em> in system memory for {@code pinTime}:
 * the GPU maps it remotely instead of migrating it, so neither side faults it back and forth.
 */
final class ThrashingDetector {
    /** What the driver should do with a fault on a page. */
    enum Hint {
        /** Service it: migrate the page. */
        NONE,
        /** Leave it: the page is napping; the fault is replayed later. */
        THROTTLE,
        /** Map it from system memory, without migrating it. */
        PIN
    }

    private static final class Page {
        long last = -1;
        int events;
        int throttles;
        long throttledUntil = -1;
        long pinnedUntil = -1;
    }

    private final int threshold;
    private final long lapse;
    private final int pinThreshold;
    private final long nap;
    private final long pinTime;
    private final Map<Long, Page> pages = new HashMap<>();
    private long detected;

    ThrashingDetector(int threshold, long lapse, int pinThreshold, long nap, long pinTime) {
        this.threshold = threshold;
        this.lapse = lapse;
        this.pinThreshold = pinThreshold;
        this.nap = nap;
        this.pinTime = pinTime;
    }

    /** A migration of {@code page} (either way) at {@code now}. */
    void migrated(long page, long now) {
        Page p = pages.computeIfAbsent(page, k -> new Page());
        if (p.last >= 0 && now - p.last <= lapse) {
            if (++p.events == threshold) {
                detected++;
            }
        } else if (p.events >= threshold && p.pinnedUntil <= now) {
            p.events = 0;
            p.throttles = 0;
        }
        p.last = now;
    }

    /** The hint for a fault on {@code page} at {@code now}. */
    Hint hint(long page, long now) {
        Page p = pages.get(page);
        if (p == null) {
            return Hint.NONE;
        }
        if (p.pinnedUntil > now) {
            return Hint.PIN;
        }
        if (p.throttledUntil > now) {
            return Hint.THROTTLE;
        }
        if (p.events < threshold) {
            return Hint.NONE;
        }
        if (p.throttles >= pinThreshold) {
            p.pinnedUntil = now + pinTime;
            p.throttles = 0;
            return Hint.PIN;
        }
        p.throttles++;
        p.throttledUntil = now + nap;
        return Hint.THROTTLE;
    }

    /** Whether {@code page} is thrashing now (the prefetcher leaves such pages out). */
    boolean thrashing(long page) {
        Page p = pages.get(page);
        return p != null && p.events >= threshold;
    }

    /** When {@code page}'s pin ends, or -1. */
    long pinnedUntil(long page) {
        Page p = pages.get(page);
        return p == null ? -1 : p.pinnedUntil;
    }

    /** Pages that have reached the threshold so far. */
    long detected() {
        return detected;
    }
}
