package org.iopf.plugin.zynqsmmu;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.OptionalLong;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PhysicalMemory;

/**
 * The user-space library's pre-allocated page pool (seed 000 §3.3, §4.2): frames reserved in
 * advance so that a fault is answered without allocating. Taking a page hands its frame to the
 * memory manager, which installs it at the faulting address; the library refills the pool when it
 * falls to its low-water mark.
 */
final class PagePool {
    private final PhysicalMemory memory;
    private final int capacity;
    private final int lowWater;
    private final ArrayDeque<Long> frames = new ArrayDeque<>();
    private boolean refilling;

    PagePool(PhysicalMemory memory, int capacity, int lowWater) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.capacity = capacity;
        this.lowWater = lowWater;
    }

    /** Reserves frames up to the capacity; returns how many were added. */
    int fill() {
        int added = 0;
        while (frames.size() < capacity) {
            OptionalLong frame = memory.allocateFrame(PageSize.BASE, 0, NumaPolicy.ANY);
            if (frame.isEmpty()) {
                break;
            }
            frames.addLast(frame.getAsLong());
            added++;
        }
        return added;
    }

    /** Takes one page; its frame goes back to the allocator for the memory manager to install. */
    boolean take() {
        Long frame = frames.pollFirst();
        if (frame == null) {
            return false;
        }
        memory.freeFrame(frame, PageSize.BASE);
        return true;
    }

    int available() {
        return frames.size();
    }

    int deficit() {
        return capacity - frames.size();
    }

    /** Whether the pool is at or below its low-water mark and no refill is under way. */
    boolean needsRefill() {
        return !refilling && frames.size() <= lowWater && frames.size() < capacity;
    }

    void refilling(boolean on) {
        refilling = on;
    }
}
