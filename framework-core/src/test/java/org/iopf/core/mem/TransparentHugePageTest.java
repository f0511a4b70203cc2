package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class TransparentHugePageTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final long PAGE = 4096;

    private final ManualScheduler scheduler = new ManualScheduler();

    private DemandPagingMemoryManager manager(long size, MemoryManagerConfig config) {
        return new DemandPagingMemoryManager(
                new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(size), ContentMode.BYTES), scheduler, config);
    }

    /** Touches every 4 KiB page as a device would: translate, and fault only when that fails. */
    private static long touchSequentially(DemandPagingMemoryManager mm, ProcessAddressSpace p, long va, long length) {
        long faults = 0;
        for (long off = 0; off < length; off += PAGE) {
            if (mm.translate(p, va + off, Access.WRITE).orElse(-1) < 0) {
                assertThat(mm.faultInNow(p, va + off, Access.WRITE)).isEqualTo(FaultInResult.ZERO_FILLED);
                faults++;
            }
        }
        return faults;
    }

    @Test
    void sequentialTouchOfOneGibFaults512TimesLessWithThp() {
        DemandPagingMemoryManager base = manager(2 * GIB, MemoryManagerConfig.defaults());
        ProcessAddressSpace p1 = base.createAddressSpace("base");
        long va1 = base.mmap(p1, GIB, MapOptions.DEFAULT);
        long baseFaults = touchSequentially(base, p1, va1, GIB);

        DemandPagingMemoryManager thp = manager(2 * GIB, MemoryManagerConfig.defaults());
        ProcessAddressSpace p2 = thp.createAddressSpace("thp");
        long va2 = thp.mmap(p2, GIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        long hugeFaults = touchSequentially(thp, p2, va2, GIB);

        assertThat(baseFaults).isEqualTo(GIB / PAGE);
        assertThat(hugeFaults).isEqualTo(GIB / PageSize.HUGE_2M.bytes());
        assertThat(baseFaults / hugeFaults).isEqualTo(512);
        assertThat(base.stats().minorFaults()).isEqualTo(baseFaults);
        assertThat(thp.stats().hugePageFaults()).isEqualTo(hugeFaults);
        assertThat(thp.stats().minorFaults()).isEqualTo(hugeFaults);
        assertThat(p2.residentBytes()).isEqualTo(p1.residentBytes()).isEqualTo(GIB);
        assertThat(p2.pageTableEntries()).isEqualTo(512);
    }

    @Test
    void aHugeFaultCostsTheHugeFaultTime() {
        DemandPagingMemoryManager mm = manager(64 * MIB,
                MemoryManagerConfig.defaults().withFaultCosts(Time.micros(1), Time.micros(70), Time.micros(100)));
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 4 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        List<Long> done = new ArrayList<>();
        mm.faultIn(p, va + 3 * MIB, Access.READ, r -> done.add(scheduler.now()));
        scheduler.runAll();
        assertThat(done).containsExactly(Time.micros(70));
        var entry = p.entry(va + 3 * MIB + 5).orElseThrow();
        assertThat(entry.size()).isEqualTo(PageSize.HUGE_2M);
        assertThat(entry.va()).isEqualTo(va + 2 * MIB);
        assertThat(mm.translate(p, va + 4 * MIB - 1, Access.READ)).hasValue(entry.pa() + 2 * MIB - 1);
    }

    @Test
    void windowsNotFullyInsideTheVmaUseBasePages() {
        DemandPagingMemoryManager mm = manager(64 * MIB, MemoryManagerConfig.defaults());
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 3 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        mm.faultInNow(p, va + 2 * MIB + PAGE, Access.READ);
        assertThat(p.entry(va + 2 * MIB + PAGE).orElseThrow().size()).isEqualTo(PageSize.BASE);
        mm.faultInNow(p, va, Access.READ);
        assertThat(p.entry(va).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
    }

    @Test
    void fallsBackToBasePagesWhenNoHugeFrameIsFree() {
        DemandPagingMemoryManager mm = manager(4 * MIB, MemoryManagerConfig.defaults());
        SparsePhysicalMemory dram = mm.physicalMemory();
        long a = dram.allocateFrame(PageSize.BASE, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        long b = dram.allocateFrame(PageSize.HUGE_2M, 0, NumaPolicy.STRICT_LOCAL).getAsLong();
        assertThat(a).isNotEqualTo(b);
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        assertThat(mm.faultInNow(p, va, Access.READ)).isEqualTo(FaultInResult.ZERO_FILLED);
        assertThat(p.entry(va).orElseThrow().size()).isEqualTo(PageSize.BASE);
        assertThat(mm.stats().hugePageFaults()).isZero();
    }

    @Test
    void adviceTurnsThpOnAndOffForTheRangeAndThpCanBeDisabled() {
        DemandPagingMemoryManager mm = manager(64 * MIB, MemoryManagerConfig.defaults());
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 8 * MIB, MapOptions.DEFAULT);
        mm.advise(p, va + 2 * MIB, 4 * MIB, Advice.HUGE_PAGE);
        assertThat(p.vmas()).hasSize(3);
        assertThat(p.vma(va + 3 * MIB).orElseThrow().options().transparentHugePages()).isTrue();
        assertThat(p.vma(va).orElseThrow().options().transparentHugePages()).isFalse();
        mm.faultInNow(p, va, Access.READ);
        mm.faultInNow(p, va + 2 * MIB, Access.READ);
        assertThat(p.entry(va).orElseThrow().size()).isEqualTo(PageSize.BASE);
        assertThat(p.entry(va + 2 * MIB).orElseThrow().size()).isEqualTo(PageSize.HUGE_2M);
        mm.advise(p, va + 4 * MIB, 2 * MIB, Advice.NO_HUGE_PAGE);
        mm.faultInNow(p, va + 4 * MIB, Access.READ);
        assertThat(p.entry(va + 4 * MIB).orElseThrow().size()).isEqualTo(PageSize.BASE);

        DemandPagingMemoryManager off = manager(64 * MIB, MemoryManagerConfig.defaults().withThp(false));
        ProcessAddressSpace q = off.createAddressSpace("q");
        long vq = off.mmap(q, 4 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        off.faultInNow(q, vq, Access.READ);
        assertThat(q.entry(vq).orElseThrow().size()).isEqualTo(PageSize.BASE);
    }

    @Test
    void dontNeedOnPartOfAHugePageSplitsIt() {
        DemandPagingMemoryManager mm = manager(64 * MIB, MemoryManagerConfig.defaults());
        ProcessAddressSpace p = mm.createAddressSpace("p");
        long va = mm.mmap(p, 2 * MIB, MapOptions.DEFAULT.withTransparentHugePages(true));
        mm.write(p, va + 10 * PAGE, new byte[] {5}, 0, 1);
        mm.write(p, va + 20 * PAGE, new byte[] {6}, 0, 1);
        mm.advise(p, va + 10 * PAGE, PAGE, Advice.DONT_NEED);
        assertThat(p.entry(va + 10 * PAGE)).isEmpty();
        assertThat(p.entry(va + 20 * PAGE).orElseThrow().size()).isEqualTo(PageSize.BASE);
        assertThat(p.residentBytes()).isEqualTo(2 * MIB - PAGE);
        byte[] b = new byte[1];
        mm.read(p, va + 20 * PAGE, b, 0, 1);
        assertThat(b[0]).isEqualTo((byte) 6);
        mm.read(p, va + 10 * PAGE, b, 0, 1);
        assertThat(b[0]).isZero();
    }
}
