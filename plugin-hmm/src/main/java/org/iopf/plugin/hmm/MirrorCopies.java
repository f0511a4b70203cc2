package org.iopf.plugin.hmm;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PhysicalMemory;

/**
 * The device's copies of mirrored pages (mirror mode, F4), per process: virtual page to device
 * frame. An MMU-notifier invalidation of a range (a CPU write ending the mirror, unmap, reclaim,
 * migration) drops the copies in it and frees their frames, unless the device itself caused it;
 * a CPU write is also reported, so that the migration policy sees it as a fault-back.
 */
final class MirrorCopies {
    /** One mirrored page. */
    record Copy(long va, long devicePa, PageSize size) {
        long end() {
            return va + size.bytes();
        }
    }

    /** Told when a CPU write ended the mirror of a page: the CPU wants it back, as a fault-back. */
    @FunctionalInterface
    interface MirrorEndListener {
        void mirrorEnded(AddressSpace space, long va);
    }

    private final PhysicalMemory deviceMemory;
    private final HmmMetrics metrics;
    private final MirrorEndListener cpuWrites;
    private final TreeMap<Integer, TreeMap<Long, Copy>> byProcess = new TreeMap<>();
    private boolean selfInvalidating;

    MirrorCopies(PhysicalMemory deviceMemory, HmmMetrics metrics, MirrorEndListener cpuWrites) {
        this.deviceMemory = deviceMemory;
        this.metrics = metrics;
        this.cpuWrites = cpuWrites;
    }

    /** Whether {@code space} already has a table (its notifier is registered). */
    boolean tracks(AddressSpace space) {
        return byProcess.containsKey(space.pid());
    }

    void track(AddressSpace space) {
        byProcess.putIfAbsent(space.pid(), new TreeMap<>());
    }

    void add(AddressSpace space, long va, long devicePa, PageSize size) {
        byProcess.get(space.pid()).put(va, new Copy(va, devicePa, size));
        metrics.mirroredPages.add(size.bytes() / PageSize.BASE.bytes());
    }

    /** The copy holding {@code va}, or null. */
    Copy find(AddressSpace space, long va) {
        TreeMap<Long, Copy> copies = byProcess.get(space.pid());
        if (copies == null) {
            return null;
        }
        Map.Entry<Long, Copy> e = copies.floorEntry(va);
        return e != null && va < e.getValue().end() ? e.getValue() : null;
    }

    /**
     * Runs {@code action} with the invalidations it causes ignored: the device's own migrations
     * (the owner check of Linux's {@code mmu_notifier_range}).
     */
    <T> T whileSelfInvalidating(Supplier<T> action) {
        boolean before = selfInvalidating;
        selfInvalidating = true;
        try {
            return action.get();
        } finally {
            selfInvalidating = before;
        }
    }

    /** The MMU notifier of a tracked address space. */
    void invalidate(AddressSpace space, AddressRange range, InvalidationReason reason) {
        if (selfInvalidating) {
            return;
        }
        TreeMap<Long, Copy> copies = byProcess.get(space.pid());
        if (copies == null) {
            return;
        }
        Long from = copies.floorKey(range.start());
        for (Copy copy : copies.subMap(from == null ? range.start() : from, true, range.end(), false).values()
                .toArray(new Copy[0])) {
            if (copy.end() > range.start()) {
                copies.remove(copy.va());
                deviceMemory.freeFrame(copy.devicePa(), copy.size());
                metrics.mirrorDrops.add(copy.size().bytes() / PageSize.BASE.bytes());
                if (reason == InvalidationReason.PROTECTION) {
                    cpuWrites.mirrorEnded(space, copy.va());
                }
            }
        }
    }
}
