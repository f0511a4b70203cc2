package org.iopf.core.mem;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;

/**
 * The swap device: slots holding the exact contents of swapped-out base pages, as payloads (bytes
 * or runs). A page that reads as zero takes a slot but stores nothing. Capacity in bytes. A slot
 * may be shared by several page-table entries (a copy-on-write page swapped out, or a swapped-out
 * page of a forked process: Linux's {@code swap_duplicate}); it holds one page of capacity and is
 * freed when its last reference is taken.
 */
final class SwapStore {
    private static final long PAGE = PageSize.BASE.bytes();

    private final long capacity;
    private final Long2ObjectOpenHashMap<Payload> contents = new Long2ObjectOpenHashMap<>();
    /** References beyond the first, by slot; absent means none (the map's default value 0). */
    private final Long2IntOpenHashMap extraReferences = new Long2IntOpenHashMap();
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

    /** Adds a reference to a slot: one more {@link #take} is needed to free it. */
    void duplicate(long slot) {
        extraReferences.addTo(slot, 1);
    }

    /**
     * Drops one reference to a slot and returns its contents, {@code null} for a zero page; the
     * slot is freed with its last reference.
     */
    Payload take(long slot) {
        int extra = extraReferences.get(slot);
        if (extra > 0) {
            if (extra == 1) {
                extraReferences.remove(slot);
            } else {
                extraReferences.put(slot, extra - 1);
            }
            return contents.get(slot);
        }
        usedBytes -= PAGE;
        return contents.remove(slot);
    }
}
