package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PinResult;
import org.junit.jupiter.api.Test;

final class PinLimitTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, new ManualScheduler(),
            MemoryManagerConfig.defaults().withPinnableLimit(MIB));
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");

    private long pinnedPagesIn(long va, long length) {
        long n = 0;
        for (long off = 0; off < length; off += PAGE) {
            if (proc.entry(va + off).map(e -> e.pinned()).orElse(false)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void pinIsAllOrNothingWithinTheLimit() {
        long va = mm.mmap(proc, 4 * MIB, MapOptions.DEFAULT);
        assertThat(mm.pinnableLimit()).isEqualTo(MIB);
        assertThat(mm.pin(proc, va, MIB / 2)).isEqualTo(PinResult.PINNED);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(MIB / 2);
        assertThat(pinnedPagesIn(va, MIB / 2)).isEqualTo(MIB / 2 / PAGE);

        assertThat(mm.pin(proc, va + MIB, 3 * MIB / 4)).isEqualTo(PinResult.LIMIT_EXCEEDED);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(MIB / 2);
        assertThat(pinnedPagesIn(va + MIB, 3 * MIB / 4)).isZero();

        assertThat(mm.pin(proc, va + MIB / 4, MIB / 2)).as("half overlaps what is pinned").isEqualTo(PinResult.PINNED);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(3 * MIB / 4);
        mm.unpin(proc, va, MIB / 2);
        assertThat(mm.stats().pinnedBytes()).as("the overlap is still pinned once").isEqualTo(MIB / 2);
        assertThat(mm.pin(proc, va + MIB, MIB / 2)).isEqualTo(PinResult.PINNED);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(MIB);
    }

    @Test
    void aHugePageThatWouldBreakTheLimitLeavesNothingPinned() {
        long va = mm.mmap(proc, 4 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        assertThat(mm.pin(proc, va + 100, 8)).as("one 4 KiB page asked, a 2 MiB page faulted").isEqualTo(PinResult.LIMIT_EXCEEDED);
        assertThat(mm.stats().pinnedBytes()).isZero();
        assertThat(proc.entry(va).orElseThrow().pinned()).isFalse();
        assertThat(proc.entry(va).orElseThrow().present()).as("faulted in, not pinned").isTrue();
    }

    @Test
    void unmappedRangeIsRefusedWithNothingPinned() {
        long va = mm.mmap(proc, 64 * PAGE, MapOptions.DEFAULT);
        assertThat(mm.pin(proc, va + 60 * PAGE, 8 * PAGE)).isEqualTo(PinResult.NO_MAPPING);
        assertThat(mm.stats().pinnedBytes()).isZero();
        assertThat(proc.residentBytes()).isZero();
    }

    @Test
    void pinFailsWithOutOfMemoryAndRollsBack() {
        SparsePhysicalMemory small = new SparsePhysicalMemory("s", SlitNumaTopology.singleNode(2 * MIB), ContentMode.BYTES);
        DemandPagingMemoryManager m = new DemandPagingMemoryManager(small, new ManualScheduler(),
                MemoryManagerConfig.defaults().withSwap(0));
        ProcessAddressSpace p = m.createAddressSpace("p");
        long va = m.mmap(p, 4 * MIB, MapOptions.DEFAULT);
        assertThat(m.pin(p, va, 3 * MIB)).isEqualTo(PinResult.OUT_OF_MEMORY);
        assertThat(m.stats().pinnedBytes()).isZero();
        assertThat(m.translate(p, va, Access.READ)).isPresent();
        assertThat(p.entry(va).orElseThrow().pinned()).isFalse();
    }
}
