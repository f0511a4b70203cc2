package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressRange;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.InvalidationReason;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class DemandPagingTest {
    private static final long MIB = 1L << 20;
    private static final long PAGE = 4096;

    private final ManualScheduler scheduler = new ManualScheduler();
    private final SparsePhysicalMemory dram =
            new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(64 * MIB), ContentMode.BYTES);
    private final DemandPagingMemoryManager mm = new DemandPagingMemoryManager(dram, scheduler,
            MemoryManagerConfig.defaults().withFaultCosts(Time.micros(1), Time.micros(100), Time.micros(100)));
    private final ProcessAddressSpace proc = mm.createAddressSpace("app");

    @Test
    void mmapReturnsTwoMibAlignedDisjointMappings() {
        long a = mm.mmap(proc, 5 * PAGE, MapOptions.DEFAULT);
        long b = mm.mmap(proc, 3 * MIB, MapOptions.DEFAULT);
        assertThat(PageSize.HUGE_2M.isAligned(a)).isTrue();
        assertThat(PageSize.HUGE_2M.isAligned(b)).isTrue();
        assertThat(proc.vmas()).hasSize(2);
        assertThat(proc.vma(a + 5 * PAGE - 1)).isPresent();
        assertThat(proc.vma(a + 5 * PAGE)).isEmpty();
        assertThat(b).isGreaterThanOrEqualTo(a + 5 * PAGE);
        assertThat(mm.addressSpace(proc.pid())).containsSame(proc);
    }

    @Test
    void zeroFillCostsTheMinorFaultTimeAndSwapInTheSwapTime() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        List<String> log = new ArrayList<>();
        mm.faultIn(proc, va + 10, Access.WRITE, r -> log.add(scheduler.now() + " " + r.result()));
        assertThat(mm.translate(proc, va, Access.READ)).as("not present while the fault is served").isEmpty();
        scheduler.runAll();
        assertThat(log).containsExactly(Time.micros(1) + " ZERO_FILLED");
        long pa = mm.translate(proc, va + 10, Access.WRITE).orElse(-1);
        assertThat(pa).isNotNegative();
        dram.write(pa, new byte[] {42}, 0, 1);

        assertThat(mm.reclaim(PAGE)).isEqualTo(PAGE);
        assertThat(proc.entry(va).orElseThrow().swapped()).isTrue();
        assertThat(mm.translate(proc, va, Access.READ)).isEmpty();
        long start = scheduler.now();
        mm.faultIn(proc, va, Access.READ, r -> log.add((scheduler.now() - start) + " " + r.result()));
        scheduler.runAll();
        assertThat(log).last().isEqualTo(Time.micros(100) + " SWAPPED_IN");
        byte[] b = new byte[1];
        mm.read(proc, va + 10, b, 0, 1);
        assertThat(b[0]).isEqualTo((byte) 42);
        assertThat(mm.stats().minorFaults()).isEqualTo(1);
        assertThat(mm.stats().majorFaults()).isEqualTo(1);
    }

    @Test
    void outcomesThatNeedNoWorkAreDeliveredAfterZeroDelayNotInline() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        mm.faultInNow(proc, va, Access.READ);
        List<FaultInResult> results = new ArrayList<>();
        mm.faultIn(proc, va, Access.READ, r -> results.add(r.result()));
        mm.faultIn(proc, va - PAGE, Access.READ, r -> results.add(r.result()));
        assertThat(results).isEmpty();
        scheduler.runAll();
        assertThat(results).containsExactly(FaultInResult.ALREADY_PRESENT, FaultInResult.NO_MAPPING);
        assertThat(scheduler.now()).isZero();
    }

    @Test
    void translateSetsAccessedAndDirtyAndNeverFaults() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        assertThat(mm.translate(proc, va, Access.READ)).isEmpty();
        assertThat(proc.entry(va)).isEmpty();
        assertThat(mm.faultInNow(proc, va, Access.READ)).isEqualTo(FaultInResult.ZERO_FILLED);
        PageTableEntry e = proc.entry(va + 100).orElseThrow();
        assertThat(e.present()).isTrue();
        assertThat(e.dirty()).isFalse();
        assertThat(e.size()).isEqualTo(PageSize.BASE);
        long pa = mm.translate(proc, va + 100, Access.WRITE).orElse(-1);
        assertThat(pa).isEqualTo(e.pa() + 100);
        assertThat(proc.entry(va).orElseThrow().dirty()).isTrue();
        assertThat(mm.faultInNow(proc, va, Access.WRITE)).isEqualTo(FaultInResult.ALREADY_PRESENT);
    }

    @Test
    void writeToReadOnlyMappingIsAProtectionViolation() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT.withWritable(false));
        assertThat(mm.faultInNow(proc, va, Access.WRITE)).isEqualTo(FaultInResult.PROTECTION_VIOLATION);
        assertThat(mm.faultInNow(proc, va, Access.READ)).isEqualTo(FaultInResult.ZERO_FILLED);
        assertThat(mm.translate(proc, va, Access.READ)).isPresent();
        assertThat(mm.translate(proc, va, Access.WRITE)).isEmpty();
        assertThat(proc.entry(va).orElseThrow().writable()).isFalse();
        assertThatThrownBy(() -> mm.write(proc, va, new byte[1], 0, 1))
                .isInstanceOfSatisfying(MemoryAccessException.class,
                        e -> assertThat(e.result()).isEqualTo(FaultInResult.PROTECTION_VIOLATION));
    }

    @Test
    void addressOutsideAnyVmaIsNoMapping() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        assertThat(mm.faultInNow(proc, va + MIB, Access.READ)).isEqualTo(FaultInResult.NO_MAPPING);
        assertThat(mm.faultInNow(proc, 0, Access.READ)).isEqualTo(FaultInResult.NO_MAPPING);
        assertThatThrownBy(() -> mm.read(proc, va + MIB - 2, new byte[4], 0, 4))
                .isInstanceOfSatisfying(MemoryAccessException.class, e -> {
                    assertThat(e.result()).isEqualTo(FaultInResult.NO_MAPPING);
                    assertThat(e.va()).isEqualTo(va + MIB);
                });
    }

    @Test
    void cpuReadAndWriteCrossPageBoundaries() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        byte[] src = new byte[3 * 4096 + 50];
        for (int i = 0; i < src.length; i++) {
            src[i] = (byte) (i * 7 + 1);
        }
        mm.write(proc, va + 4000, src, 0, src.length);
        byte[] dst = new byte[src.length];
        mm.read(proc, va + 4000, dst, 0, dst.length);
        assertThat(dst).isEqualTo(src);
        assertThat(proc.residentBytes()).as("bytes 4000..16338 touch pages 0-3").isEqualTo(4 * PAGE);
        assertThat(mm.stats().residentBytes()).isEqualTo(4 * PAGE);
        byte[] untouched = new byte[100];
        mm.read(proc, va + 200 * PAGE, untouched, 0, untouched.length);
        assertThat(untouched).containsOnly(0);
    }

    @Test
    void dontNeedDropsPagesSoTheyReadAsZero() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        List<String> calls = new ArrayList<>();
        mm.registerNotifier(proc, (s, r, why) -> calls.add(r + " " + why));
        mm.write(proc, va, new byte[] {1, 2, 3}, 0, 3);
        mm.write(proc, va + 3 * PAGE, new byte[] {4}, 0, 1);
        long free = dram.freeBytes();

        mm.advise(proc, va, 2 * PAGE, Advice.DONT_NEED);

        assertThat(calls).containsExactly(new AddressRange(va, 2 * PAGE) + " " + InvalidationReason.UNMAP);
        assertThat(proc.entry(va)).isEmpty();
        assertThat(dram.freeBytes()).isEqualTo(free + PAGE);
        byte[] b = new byte[3];
        mm.read(proc, va, b, 0, 3);
        assertThat(b).containsOnly(0);
        mm.read(proc, va + 3 * PAGE, b, 0, 1);
        assertThat(b[0]).as("outside the advised range").isEqualTo((byte) 4);
    }

    @Test
    void willNeedPrefetchesTheRange() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        mm.advise(proc, va, 64 * PAGE, Advice.WILL_NEED);
        assertThat(proc.residentBytes()).isEqualTo(64 * PAGE);
        assertThat(mm.translate(proc, va + 63 * PAGE, Access.READ)).isPresent();
        assertThat(mm.translate(proc, va + 64 * PAGE, Access.READ)).isEmpty();
    }

    @Test
    void munmapNotifiesUnpinsFreesAndSplitsTheVma() {
        long va = mm.mmap(proc, MIB, MapOptions.DEFAULT);
        List<String> calls = new ArrayList<>();
        mm.registerNotifier(proc, (s, r, why) -> calls.add(r + " " + why));
        assertThat(mm.pin(proc, va + 4 * PAGE, 4 * PAGE)).isEqualTo(org.iopf.api.mem.PinResult.PINNED);
        mm.write(proc, va, new byte[] {9}, 0, 1);
        assertThat(mm.stats().pinnedBytes()).isEqualTo(4 * PAGE);

        mm.munmap(proc, va + 2 * PAGE, 10 * PAGE);

        assertThat(calls).containsExactly(new AddressRange(va + 2 * PAGE, 10 * PAGE) + " UNMAP");
        assertThat(mm.stats().pinnedBytes()).isZero();
        assertThat(proc.residentBytes()).isEqualTo(PAGE);
        assertThat(proc.vmas()).extracting(v -> v.range())
                .containsExactly(new AddressRange(va, 2 * PAGE), new AddressRange(va + 12 * PAGE, MIB - 12 * PAGE));
        assertThat(mm.faultInNow(proc, va + 5 * PAGE, Access.READ)).isEqualTo(FaultInResult.NO_MAPPING);
        assertThat(dram.freeBytes()).isEqualTo(64 * MIB - PAGE);
    }

    @Test
    void anotherManagersAddressSpaceIsRejected() {
        DemandPagingMemoryManager other = new DemandPagingMemoryManager(dram, scheduler, MemoryManagerConfig.defaults());
        ProcessAddressSpace foreign = other.createAddressSpace("x");
        assertThatThrownBy(() -> mm.mmap(foreign, MIB, MapOptions.DEFAULT)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anotherManagersAddressSpaceOfTheSamePidIsRejectedRightAfterOursWasUsed() {
        DemandPagingMemoryManager other = new DemandPagingMemoryManager(dram, scheduler, MemoryManagerConfig.defaults());
        ProcessAddressSpace ours = proc;
        ProcessAddressSpace foreign = other.createAddressSpace("theirs");
        mm.mmap(ours, MIB, MapOptions.DEFAULT);

        assertThat(foreign.pid()).isEqualTo(ours.pid());
        assertThatThrownBy(() -> mm.mmap(foreign, MIB, MapOptions.DEFAULT)).isInstanceOf(IllegalArgumentException.class);
        assertThat(mm.mmap(ours, MIB, MapOptions.DEFAULT)).isPositive();
    }
}
