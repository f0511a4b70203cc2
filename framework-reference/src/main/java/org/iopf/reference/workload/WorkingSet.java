package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PinResult;
import org.iopf.api.platform.Units;

/**
 * Prepares a workload's buffers before traffic starts, through each node's memory manager, as the
 * application would: the resident prefix of a buffer is touched by the CPU (a source is filled with
 * its contents, a destination zeroed), the pinned prefix is pinned, the rest is left untouched.
 * Preparation costs no simulated time. It then counts what is really resident and pinned, page by
 * page from the page tables, for the {@code workload.start.*} metrics.
 */
final class WorkingSet {
    private static final long PAGE = PageSize.BASE.bytes();

    private final Residency residency;
    private long bytes;
    private long residentBytes;
    private long pinnedBytes;

    /** A working set prepared with {@code residency}. */
    WorkingSet(Residency residency) {
        this.residency = requireNonNull(residency, "residency is null");
    }

    /**
     * Prepares a buffer whose contents are sent: its resident prefix is filled with the content
     * generated from {@code seed} (byte {@code i} of the buffer is byte {@code i} of the sequence),
     * then its pinned prefix is pinned. Pages past the resident prefix hold nothing (zeros).
     */
    void prepareSource(MemoryManager memory, AddressSpace space, long va, long length, long seed) {
        requireNonNull(memory, "memory is null");
        requireNonNull(space, "space is null");
        long resident = residency.residentBytes(length);
        if (resident > 0) {
            memory.fill(space, va, resident, seed);
        }
        pin(memory, space, va, length);
        count(space, va, length);
    }

    /**
     * Prepares a buffer that receives data: the pages of its resident prefix are faulted in (zero
     * filled, writable), then its pinned prefix is pinned.
     */
    void prepareDestination(MemoryManager memory, AddressSpace space, long va, long length) {
        requireNonNull(memory, "memory is null");
        requireNonNull(space, "space is null");
        long resident = residency.residentBytes(length);
        for (long offset = 0; offset < resident; offset += PAGE) {
            FaultInResult result = memory.faultInNow(space, va + offset, Access.WRITE);
            if (result != FaultInResult.ZERO_FILLED && result != FaultInResult.ALREADY_PRESENT
                    && result != FaultInResult.SWAPPED_IN) {
                throw new IllegalStateException("cannot make page 0x" + Long.toHexString(va + offset) + " of "
                        + space.name() + " resident: " + result);
            }
        }
        pin(memory, space, va, length);
        count(space, va, length);
    }

    private void pin(MemoryManager memory, AddressSpace space, long va, long length) {
        long pinned = residency.pinnedBytes(length);
        if (pinned == 0) {
            return;
        }
        PinResult result = memory.pin(space, va, pinned);
        if (result != PinResult.PINNED) {
            throw new IllegalStateException("cannot pin the first " + Units.formatBytes(pinned) + " of " + space.name()
                    + ": " + result + " (pinnable limit " + Units.formatBytes(memory.pinnableLimit()) + ")");
        }
    }

    private void count(AddressSpace space, long va, long length) {
        bytes += length;
        for (long offset = 0; offset < length; offset += PAGE) {
            long piece = Math.min(PAGE, length - offset);
            PageTableEntry entry = space.entry(va + offset).orElse(null);
            if (entry != null && entry.present()) {
                residentBytes += piece;
                if (entry.pinned()) {
                    pinnedBytes += piece;
                }
            }
        }
    }

    /** Bytes of every buffer prepared so far. */
    long bytes() {
        return bytes;
    }

    /** Bytes of the prepared buffers that were resident once prepared. */
    long residentBytes() {
        return residentBytes;
    }

    /** Bytes of the prepared buffers that were pinned once prepared. */
    long pinnedBytes() {
        return pinnedBytes;
    }
}
