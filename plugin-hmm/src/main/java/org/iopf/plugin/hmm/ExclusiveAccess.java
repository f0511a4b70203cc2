package org.iopf.plugin.hmm;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.DeviceExclusiveEntry;
import org.iopf.api.mem.DeviceMemory;
import org.iopf.api.mem.DevicePagemap;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;

/**
 * The device's atomic mappings of system pages it holds exclusive access to (Linux
 * {@code make_device_exclusive}; the {@code DPT_XA_TAG_ATOMIC} entries of {@code lib/test_hmm.c}'s
 * {@code dmirror_exclusive}). A mapping lasts until the MMU notifier of its address space
 * invalidates the page for any reason but the device's own (its {@code make_device_exclusive}, its
 * own migrations: the owner check of {@code dmirror_interval_invalidate}): a CPU access restoring
 * the page ({@link InvalidationReason#EXCLUSIVE}), munmap, reclaim, migration, fork, mprotect.
 */
final class ExclusiveAccess {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryManager memory;
    private final DeviceMemory deviceMemory;
    private final DevicePagemap pagemap;
    /** Per pid: page va to the page's frame in system memory. */
    private final TreeMap<Integer, TreeMap<Long, Long>> byProcess = new TreeMap<>();
    private boolean making;
    private boolean migrating;

    ExclusiveAccess(MemoryManager memory, DeviceMemory deviceMemory, DevicePagemap pagemap) {
        this.memory = memory;
        this.deviceMemory = deviceMemory;
        this.pagemap = pagemap;
    }

    /**
     * Takes exclusive access to every base page of {@code [va, va+length)} that allows it; returns
     * the number of pages held afterwards in the range.
     */
    long make(AddressSpace space, long va, long length) {
        TreeMap<Long, Long> pages = byProcess.get(space.pid());
        if (pages == null) {
            pages = new TreeMap<>();
            byProcess.put(space.pid(), pages);
            memory.registerNotifier(space, this::invalidate);
        }
        long start = va - Math.floorMod(va, PAGE);
        for (long page = start; page < va + length; page += PAGE) {
            making = true;
            Optional<DeviceExclusiveEntry> entry;
            try {
                entry = deviceMemory.makeDeviceExclusive(space, page, pagemap);
            } finally {
                making = false;
            }
            if (entry.isPresent()) {
                pages.put(page, entry.get().pa());
            }
        }
        return held(space, start, va + length - start);
    }

    /** The system physical address of {@code va} if the device holds exclusive access to its page, else -1. */
    long find(AddressSpace space, long va) {
        TreeMap<Long, Long> pages = byProcess.get(space.pid());
        if (pages == null) {
            return -1;
        }
        Long pa = pages.get(va - Math.floorMod(va, PAGE));
        return pa == null ? -1 : pa + Math.floorMod(va, PAGE);
    }

    /** Pages of {@code [va, va+length)} the device still holds exclusive access to. */
    long held(AddressSpace space, long va, long length) {
        TreeMap<Long, Long> pages = byProcess.get(space.pid());
        return pages == null ? 0 : pages.subMap(va - Math.floorMod(va, PAGE), va + length).size();
    }

    /** Runs the device's own migration step: the invalidation it causes does not end exclusive access. */
    <T> T whileMigrating(Supplier<T> action) {
        boolean before = migrating;
        migrating = true;
        try {
            return action.get();
        } finally {
            migrating = before;
        }
    }

    private void invalidate(AddressSpace space, AddressRange range, InvalidationReason reason) {
        if ((making && reason == InvalidationReason.EXCLUSIVE) || (migrating && reason == InvalidationReason.MIGRATE)) {
            return;
        }
        TreeMap<Long, Long> pages = byProcess.get(space.pid());
        if (pages != null) {
            Map<Long, Long> gone = pages.subMap(range.start(), range.start() + range.length());
            gone.clear();
        }
    }
}
