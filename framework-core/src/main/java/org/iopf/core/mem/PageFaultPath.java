package org.iopf.core.mem;

import java.util.OptionalLong;
import java.util.function.Consumer;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.DevicePrivateFault;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.FaultedPage;
import org.iopf.api.mem.MigrationKind;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.Vma;
import org.iopf.api.sim.Scheduler;

/**
 * The fault path: what a CPU or device access to a page that is not present (or not writable) does.
 * {@link #faultIn} charges {@link MemoryManagerConfig#minorFaultNanos()} for a zero-fill,
 * {@link MemoryManagerConfig#hugePageFaultNanos()} when the fault will map a 2 MiB page,
 * {@link MemoryManagerConfig#swapInNanos()} for a swap-in and the copy-on-write costs for a write
 * to a shared page, and answers when that time has passed; a device-private page is fetched back
 * by its owner ({@link org.iopf.api.mem.DevicePagemapOps#migrateToRam}) and the fault answers at
 * the time the owner returned; a device-exclusive entry is restored
 * ({@link DeviceExclusiveEntries#restore}) for the minor-fault time. {@link #resolve} is the same work at once, used by every CPU-side
 * accessor, by pinning and by prefaulting.
 */
final class PageFaultPath {
    private static final long PAGE = PageSize.BASE.bytes();

    private final PagingState state;
    private final Scheduler scheduler;
    private final SwapReclaimer frames;
    private final CopyOnWriteForker cow;
    private final MigrationEntries entries;
    private final DeviceExclusiveEntries exclusive;
    private long minorFaults;
    private long majorFaults;
    private long hugePageFaults;
    private long deviceFaultBacks;
    private long lastFaultBackDoneAt = -1;

    PageFaultPath(PagingState state, Scheduler scheduler, SwapReclaimer frames, CopyOnWriteForker cow,
            MigrationEntries entries, DeviceExclusiveEntries exclusive) {
        this.state = state;
        this.scheduler = scheduler;
        this.frames = frames;
        this.cow = cow;
        this.entries = entries;
        this.exclusive = exclusive;
    }

    long minorFaults() {
        return minorFaults;
    }

    long majorFaults() {
        return majorFaults;
    }

    long hugePageFaults() {
        return hugePageFaults;
    }

    /** CPU accesses to device-private pages that their owner migrated back to system memory. */
    long deviceFaultBacks() {
        return deviceFaultBacks;
    }

    /** The physical address for {@code access} if the page is present and allows it (sets accessed/dirty), else -1. */
    static long translate(ProcessAddressSpace p, long va, Access access) {
        PageTableSlot slot = p.slot(va);
        if (slot == null || !slot.present || !slot.readable || slot.exclusiveOf != null || (access.isWrite() && (!slot.writable || slot.mirrorOf != null || slot.shared != null))) {
            return -1;
        }
        PagingState.touch(slot, access);
        return slot.pa + (va - slot.va);
    }

    /** Resolves the fault after its cost in simulated time; {@code done} hears the outcome. */
    void faultIn(ProcessAddressSpace p, long va, Access access, Consumer<FaultedPage> done) {
        PageTableSlot slot = p.slot(va);
        if (slot != null && slot.devicePrivate) {
            boolean copies = access.isWrite() && slot.shared != null && slot.shared.mapCount() > 1;
            long cowCost = !copies ? 0
                    : slot.size == PageSize.HUGE_2M ? state.config.hugeCowFaultNanos() : state.config.cowFaultNanos();
            lastFaultBackDoneAt = -1;
            FaultInResult result = resolve(p, va, access);
            scheduler.scheduleAt(Math.max(scheduler.now(), lastFaultBackDoneAt) + cowCost,
                    () -> done.accept(faultedPage(p, va, access, result)));
            return;
        }
        long cost = plannedCost(p, va, access);
        scheduler.schedule(cost, () -> done.accept(faultedPage(p, va, access, resolve(p, va, access))));
    }

    /**
     * The caller's view of a finished fault: the entry if the page is resident with {@code access}
     * now (touched as {@link #translate} touches it, as a handler that maps the frame would).
     */
    private static FaultedPage faultedPage(ProcessAddressSpace p, long va, Access access, FaultInResult result) {
        if (!result.resident() || translate(p, va, access) < 0) {
            return FaultedPage.withoutPage(result);
        }
        return new FaultedPage(result, p.entry(va));
    }

    private long plannedCost(ProcessAddressSpace p, long va, Access access) {
        Vma vma = p.vmaAt(va);
        if (vma == null || !vma.readable() || (access.isWrite() && !vma.writable())) {
            return 0;
        }
        MemoryManagerConfig config = state.config;
        PageTableSlot slot = p.slot(va);
        if (slot != null) {
            if (slot.present && slot.exclusiveOf != null) {
                // remove_device_exclusive_entry: a fault that restores the entry, no I/O, no copy
                return config.minorFaultNanos();
            }
            if (slot.present && access.isWrite() && slot.shared != null && slot.shared.mapCount() > 1) {
                return slot.size == PageSize.HUGE_2M ? config.hugeCowFaultNanos() : config.cowFaultNanos();
            }
            if (slot.present || slot.devicePrivate) {
                return 0;
            }
            if (slot.swapped()) {
                return config.swapInNanos();
            }
        }
        return state.hugeEligible(p, vma, va) ? config.hugePageFaultNanos() : config.minorFaultNanos();
    }

    /** Resolves a fault on the page containing {@code va} at once. */
    FaultInResult resolve(ProcessAddressSpace p, long va, Access access) {
        Vma vma = p.vmaAt(va);
        if (vma == null) {
            return FaultInResult.NO_MAPPING;
        }
        if (!vma.readable() || (access.isWrite() && !vma.writable())) {
            return FaultInResult.PROTECTION_VIOLATION;
        }
        PageTableSlot slot = p.slot(va);
        if (slot != null && slot.migration != null
                && (access.isWrite() || slot.migration.batch.kind != MigrationKind.MIRROR_TO_DEVICE)) {
            entries.release(slot);
            slot = p.slot(va);
        }
        if (slot != null) {
            if (slot.present && slot.exclusiveOf != null) {
                exclusive.restore(slot);
                minorFaults++;
            }
            if (slot.present) {
                if (access.isWrite() && slot.mirrorOf != null) {
                    entries.endMirror(slot);
                }
                if (access.isWrite() && slot.shared != null) {
                    FaultInResult broken = cow.breakSharing(p, slot, va, vma);
                    if (PagingState.isFailure(broken)) {
                        return broken;
                    }
                    slot = p.slot(va);
                }
                PagingState.touch(slot, access);
                return FaultInResult.ALREADY_PRESENT;
            }
            if (slot.devicePrivate) {
                return faultBack(p, slot, va, access);
            }
            if (slot.swapped()) {
                return swapIn(slot, vma, access);
            }
        }
        return zeroFill(p, vma, va, access);
    }

    private FaultInResult zeroFill(ProcessAddressSpace p, Vma vma, long va, Access access) {
        if (state.hugeEligible(p, vma, va)) {
            OptionalLong huge = frames.allocate(PageSize.HUGE_2M, vma);
            if (huge.isPresent()) {
                state.map(new PageTableSlot(p, PageSize.HUGE_2M.alignDown(va), PageSize.HUGE_2M, vma.writable()),
                        huge.getAsLong(), access);
                hugePageFaults++;
                minorFaults++;
                return FaultInResult.ZERO_FILLED;
            }
        }
        OptionalLong base = frames.allocate(PageSize.BASE, vma);
        if (base.isEmpty()) {
            return FaultInResult.OUT_OF_MEMORY;
        }
        state.map(new PageTableSlot(p, PageSize.BASE.alignDown(va), PageSize.BASE, vma.writable()),
                base.getAsLong(), access);
        minorFaults++;
        return FaultInResult.ZERO_FILLED;
    }

    private FaultInResult swapIn(PageTableSlot slot, Vma vma, Access access) {
        OptionalLong pa = frames.allocate(PageSize.BASE, vma);
        if (pa.isEmpty()) {
            return FaultInResult.OUT_OF_MEMORY;
        }
        Payload contents = state.swap.take(slot.swapSlot);
        slot.swapSlot = -1;
        if (contents != null) {
            state.memory.write(pa.getAsLong(), contents);
        }
        state.map(slot, pa.getAsLong(), access);
        majorFaults++;
        return FaultInResult.SWAPPED_IN;
    }

    private FaultInResult faultBack(ProcessAddressSpace p, PageTableSlot slot, long va, Access access) {
        long doneAt = slot.pagemap.ops().migrateToRam(new DevicePrivateFault(p, va, access,
                HmmDeviceMemory.entryOf(slot))).orElse(-1);
        lastFaultBackDoneAt = doneAt;
        PageTableSlot now = p.slot(va);
        if (now != null && now.present) {
            deviceFaultBacks++;
            if (access.isWrite() && now.shared != null) {
                // the page came back shared copy-on-write (a fork shared it on the device): the
                // write now copies it (do_swap_page then do_wp_page)
                FaultInResult broken = cow.breakSharing(p, now, va, p.vmaAt(va));
                if (PagingState.isFailure(broken)) {
                    return broken;
                }
                now = p.slot(va);
            }
            PagingState.touch(now, access);
            return FaultInResult.SWAPPED_IN;
        }
        return doneAt < 0 ? FaultInResult.OUT_OF_MEMORY : FaultInResult.DEVICE_PRIVATE;
    }

    /**
     * Faults in every page of {@code [start, end)} at once, leaving device-private and
     * device-exclusive pages where they are (neither is a swap entry {@code MADV_WILLNEED} reads in).
     */
    void prefault(ProcessAddressSpace p, long start, long end) {
        long pos = start;
        while (pos < end) {
            PageTableSlot existing = p.slot(pos);
            if (existing != null && (existing.devicePrivate || existing.exclusiveOf != null)) {
                pos = existing.end();
                continue;
            }
            FaultInResult result = resolve(p, pos, Access.READ);
            PageTableSlot slot = p.slot(pos);
            pos = slot != null && !PagingState.isFailure(result) ? slot.end() : pos + PAGE;
        }
    }

    /** One page's piece of a CPU access: its physical address, its offset in the access, its length. */
    @FunctionalInterface
    interface PagePiece {
        void accept(long pa, long done, long length);
    }

    /** Walks {@code [va, va+length)} page by page as the CPU would, faulting each page in at once. */
    void forEachPage(ProcessAddressSpace p, long va, long length, Access access, PagePiece piece) {
        long done = 0;
        while (done < length) {
            long pos = va + done;
            long n = Math.min(PAGE - (pos & (PAGE - 1)), length - done);
            piece.accept(cpuTranslate(p, pos, access), done, n);
            done += n;
        }
    }

    private long cpuTranslate(ProcessAddressSpace p, long va, Access access) {
        FaultInResult result = resolve(p, va, access);
        if (PagingState.isFailure(result)) {
            throw new MemoryAccessException(state.memory, va, result);
        }
        return translate(p, va, access);
    }
}
