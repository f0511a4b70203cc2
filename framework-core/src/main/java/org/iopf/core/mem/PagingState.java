package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MmuNotifier;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Vma;

/**
 * What the parts of {@link DemandPagingMemoryManager} share: the system memory, the configuration,
 * the clock of reclaimable pages, swap, and the node-wide accounting of resident bytes and notifier
 * calls, with the few steps every part takes the same way (map a frame, tell the notifiers).
 */
final class PagingState {
    final SparsePhysicalMemory memory;
    final MemoryManagerConfig config;
    final ResidentPageClock clock = new ResidentPageClock();
    final SwapStore swap;
    private long residentBytes;
    private long notifierCalls;

    PagingState(SparsePhysicalMemory memory, MemoryManagerConfig config) {
        this.memory = requireNonNull(memory, "memory is null");
        this.config = requireNonNull(config, "config is null");
        this.swap = new SwapStore(config.swapBytes());
    }

    long residentBytes() {
        return residentBytes;
    }

    long notifierCalls() {
        return notifierCalls;
    }

    /** Calls every notifier of {@code p} for {@code [start, end)}, counting each call. */
    void notifyRange(ProcessAddressSpace p, long start, long end, InvalidationReason reason) {
        AddressRange range = new AddressRange(start, end - start);
        for (MmuNotifier notifier : List.copyOf(p.notifiers())) {
            notifierCalls++;
            notifier.invalidateRange(p, range, reason);
        }
    }

    /** Accounts {@code bytes} more (or fewer) resident in {@code p} and on the node. */
    void addResident(ProcessAddressSpace p, long bytes) {
        p.addResident(bytes);
        residentBytes += bytes;
    }

    /** Accounts a frame of {@code bytes} more (or fewer) on the node only (a frame shared or unshared). */
    void addFrameBytes(long bytes) {
        residentBytes += bytes;
    }

    /** Makes {@code slot} present on frame {@code pa}, enters it in its page table and the clock. */
    void map(PageTableSlot slot, long pa, Access access) {
        slot.pa = pa;
        slot.present = true;
        touch(slot, access);
        slot.space.putSlot(slot);
        clock.addTail(slot);
        addResident(slot.space, slot.size.bytes());
    }

    /** Whether a fault at {@code va} would map a 2 MiB page. */
    boolean hugeEligible(ProcessAddressSpace p, Vma vma, long va) {
        if (!config.thpEnabled() || !vma.options().transparentHugePages()) {
            return false;
        }
        long window = PageSize.HUGE_2M.alignDown(va);
        return window >= vma.range().start() && window + PageSize.HUGE_2M.bytes() <= vma.range().end()
                && !p.hasSlots(window, window + PageSize.HUGE_2M.bytes());
    }

    static void touch(PageTableSlot slot, Access access) {
        slot.accessed = true;
        if (access.isWrite()) {
            slot.dirty = true;
        }
    }

    static boolean isFailure(FaultInResult result) {
        return result != FaultInResult.ALREADY_PRESENT && result != FaultInResult.ZERO_FILLED
                && result != FaultInResult.SWAPPED_IN;
    }

    static long checkedStart(long va) {
        if (!PageSize.BASE.isAligned(va)) {
            throw new IllegalArgumentException(String.format("address 0x%x is not page aligned", va));
        }
        return va;
    }
}
