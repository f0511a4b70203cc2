package org.iopf.core.mem;

import java.util.HashMap;
import java.util.Map;
import org.iopf.api.mem.Payload;

/**
 * The swap device: slots holding the exact contents of swapped-out base pages, as payloads (bytes
 * or runs). A page that reads as zero takes a slot but stores nothing. Capacity in bytes.
 */
final class SwapStore {
    private static final long PAGE = 4096;

    private final long capacity;
    private final Map<Long, Payload> contents = new HashMap<>();
    private long nextSlot;
    private long usedBytes;

    SwapStore(long capacity) {
        this.capacity = capacity;
    }

    long usedBytes() {
        return usedBytes;
    }

    boolean hasRoomFor(long bytes) {
        return capacity - usedBytes >= bytes;
    }

    /** Stores one page's contents, {@code null} for a page that reads as zero; returns the slot. */
    long put(Payload page) {
        if (!hasRoomFor(PAGE)) {
            throw new IllegalStateException("swap is full");
        }
        long slot = nextSlot++;
        if (page != null) {
            contents.put(slot, page);
        }
        usedBytes += PAGE;
        return slot;
    }

    /** Removes a slot and returns its contents, {@code null} for a zero page. */
    Payload take(long slot) {
        usedBytes -= PAGE;
        return contents.remove(slot);
    }
}
