package org.iopf.plugin.hmm.workload;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;

/**
 * What a workload's CPU writes and later checks: the first {@code filled} bytes of a buffer hold
 * {@link PhysicalMemory#generated generated content} of a seed, the rest zeros (touched but never
 * written, as {@code calloc} leaves it). Checks compare page pieces with {@link PhysicalMemory#holds},
 * exact in both content modes; zeros are compared with the captured contents of a page the CPU
 * zero-filled itself. A page reclaim has swapped out is swapped back in first, as a CPU load would.
 */
final class HostContent {
    private static final long PAGE = PageSize.BASE.bytes();

    private final MemoryManager memory;
    private final AddressSpace space;
    private final long seed;
    private final long filled;
    private final Payload zeros;

    HostContent(MemoryManager memory, AddressSpace space, long seed, long filled, Payload zeros) {
        this.memory = memory;
        this.space = space;
        this.seed = seed;
        this.filled = filled;
        this.zeros = zeros;
    }

    /**
     * Touches every page of {@code [va, va+length)} for writing, as the CPU would (huge pages where
     * the mapping allows), and writes the generated content into the first {@code filled} bytes.
     *
     * @return false when a page could not be faulted in
     */
    boolean populate(long va, long length) {
        Payload content = memory.physicalMemory().generated(seed, Math.max(1, Math.min(filled, length)));
        long pos = 0;
        while (pos < length) {
            FaultInResult r = memory.faultInNow(space, va + pos, Access.WRITE);
            if (r == FaultInResult.NO_MAPPING || r == FaultInResult.OUT_OF_MEMORY
                    || r == FaultInResult.PROTECTION_VIOLATION || r == FaultInResult.DEVICE_PRIVATE) {
                return false;
            }
            PageTableEntry pte = space.entry(va + pos).orElseThrow();
            long n = Math.min(length - pos, pte.va() + pte.size().bytes() - (va + pos));
            if (pos < filled) {
                long w = Math.min(n, filled - pos);
                memory.physicalMemory().write(memory.translate(space, va + pos, Access.WRITE).orElseThrow(),
                        content.slice(pos, w));
            }
            pos += n;
        }
        return true;
    }

    /**
     * Reads {@code [va, va+length)} as the CPU would (a device-private page faults back first) and
     * compares it with what {@link #populate} wrote at the same offsets.
     *
     * @return 4 KiB pages in pieces that differ, or that could not be read
     */
    long mismatchedPages(long va, long length) {
        Payload content = memory.physicalMemory().generated(seed, Math.max(1, Math.min(filled, length)));
        long bad = 0;
        long pos = 0;
        while (pos < length) {
            long at = va + pos;
            long pa = memory.translate(space, at, Access.READ).orElse(-1);
            if (pa < 0) {
                memory.faultInNow(space, at, Access.READ);
                pa = memory.translate(space, at, Access.READ).orElse(-1);
            }
            if (pa < 0) {
                bad++;
                pos += PAGE - Math.floorMod(at, PAGE);
                continue;
            }
            PageTableEntry pte = space.entry(at).orElseThrow();
            long n = Math.min(Math.min(length - pos, pte.va() + pte.size().bytes() - at), zeros.length());
            if (pos < filled) {
                n = Math.min(n, filled - pos);
            }
            if (!memory.physicalMemory().holds(pa, expected(content, pos, n))) {
                bad += (n + PAGE - 1) / PAGE;
            }
            pos += n;
        }
        return bad;
    }

    private Payload expected(Payload content, long offset, long n) {
        if (offset < filled) {
            return content.slice(offset, n);
        }
        return zeros.slice(0, n);
    }
}
