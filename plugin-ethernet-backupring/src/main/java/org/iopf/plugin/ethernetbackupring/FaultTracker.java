package org.iopf.plugin.ethernetbackupring;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;

/**
 * The NIC's outstanding faults by page: a page whose fault has been raised is not translated again
 * until the OS answers, and whoever waits for the page (a packet in the backup ring) hears the
 * answer. Lookups only; nothing iterates the map.
 */
final class FaultTracker {
    /** Hears how a page's fault ended. */
    @FunctionalInterface
    interface Waiter {
        /** The fault was resolved with a retry ({@code true}) or terminated. */
        void resolved(boolean retry);
    }

    private static final class Outstanding {
        final FaultRecord record;
        final List<Waiter> waiters = new ArrayList<>(2);

        Outstanding(FaultRecord record) {
            this.record = record;
        }
    }

    /**
     * By page number, not address: {@code Long.hashCode} of 4 KiB-aligned addresses leaves 16
     * neighbouring pages in one bucket of a large map (its low 12 bits are zero), which then
     * turns into a tree; page numbers spread.
     */
    private final Map<Long, Outstanding> pages = new HashMap<>();

    /** Records a fault just raised on the page at {@code pageVa}. */
    void raised(long pageVa, FaultRecord record) {
        pages.put(pageVa >>> 12, new Outstanding(record));
    }

    /** The fault outstanding on the page at {@code pageVa}, or null. */
    FaultRecord outstanding(long pageVa) {
        if (pages.isEmpty()) {
            return null; // the common case, without boxing the key
        }
        Outstanding o = pages.get(pageVa >>> 12);
        return o == null ? null : o.record;
    }

    /** Adds a waiter to the page's outstanding fault; the page must have one. */
    void await(long pageVa, Waiter waiter) {
        Outstanding o = pages.get(pageVa >>> 12);
        if (o == null) {
            throw new IllegalStateException("no fault outstanding at 0x" + Long.toHexString(pageVa));
        }
        o.waiters.add(waiter);
    }

    /** The OS answered the fault on the page at {@code pageVa}: tells its waiters, in order. */
    void resolved(long pageVa, FaultRecord record, FaultResolution resolution) {
        Outstanding o = pages.get(pageVa >>> 12);
        if (o == null || o.record.id() != record.id()) {
            return;
        }
        pages.remove(pageVa >>> 12);
        for (Waiter w : o.waiters) {
            w.resolved(resolution == FaultResolution.RETRY);
        }
    }

    /** Pages with a fault outstanding. */
    int size() {
        return pages.size();
    }
}
