package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.fault.FaultKind;
import org.iopf.api.mem.Access;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/** Stage-1 walks of an SVA table in memory: the frame plus offset, faults, and the walk cache. */
final class Stage1WalkerTest {
    private final ModelledMemory memory = new ModelledMemory(TestBench.of("""
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 1}]
                memory: {numa: [64MiB]}
            """).memoryManager("node1").physicalMemory());

    @Test
    void aPresentPageTranslatesToItsFrameAndTheWalkCacheSavesThreeReads() {
        SvaTable table = new SvaTable(memory);
        table.set(0x7f12_3456_7000L, 0x0abc_d000L, true);
        Stage1Walker walker = new Stage1Walker(memory, 4);

        Stage1Walker.Result first = walker.walk(table.root(), 1, 48, 0x7f12_3456_7abcL, Access.WRITE);
        Stage1Walker.Result second = walker.walk(table.root(), 1, 48, 0x7f12_3456_7abcL, Access.READ);

        assertThat(first.ok()).isTrue();
        assertThat(first.pa()).isEqualTo(0x0abc_dabcL);
        assertThat(first.reads()).isEqualTo(4);
        assertThat(second.reads()).isEqualTo(1);
        assertThat(walker.cacheHits()).isEqualTo(1);
        walker.invalidate(1, 0x7f12_3456_7000L, 4096);
        assertThat(walker.walk(table.root(), 1, 48, 0x7f12_3456_7000L, Access.READ).reads()).isEqualTo(4);
    }

    @Test
    void missingReadOnlyAndOutOfRangeAddressesFault() {
        SvaTable table = new SvaTable(memory);
        table.set(0x40_0000L, 0x10_0000L, false);
        Stage1Walker walker = new Stage1Walker(memory, 0);

        assertThat(walker.walk(table.root(), 1, 48, 0x40_1000L, Access.READ).fault()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(walker.walk(table.root(), 1, 48, 0x40_1000L, Access.READ).reads()).isEqualTo(4);
        assertThat(walker.walk(table.root(), 1, 48, 0x1_0000_0000_0000L, Access.READ).fault()).as("above 48 bits")
                .isEqualTo(FaultKind.ACCESS);
        assertThat(walker.walk(table.root(), 1, 48, 0x40_0000L, Access.WRITE).fault()).isEqualTo(FaultKind.PERMISSION);
        assertThat(walker.walk(table.root(), 1, 48, 0x40_0000L, Access.READ).ok()).isTrue();
        table.clear(0x40_0000L);
        assertThat(walker.walk(table.root(), 1, 48, 0x40_0000L, Access.READ).fault()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(walker.walk(table.root(), 1, 48, 0x1_0000_0000L, Access.READ).reads()).as("no level-1 table")
                .isEqualTo(2);
    }

    @Test
    void theTlbEvictsTheLeastRecentlyUsedAndInvalidatesByTag() {
        Tlb tlb = new Tlb(2);
        tlb.fill(1, 0x1000, 0xa000, true);
        tlb.fill(1, 0x2000, 0xb000, true);
        tlb.lookup(1, 0x1000);
        tlb.fill(2, 0x1000, 0xc000, false);

        assertThat(tlb.lookup(1, 0x2000)).isNull();
        assertThat(tlb.lookup(1, 0x1fff).frame()).isEqualTo(0xa000);
        assertThat(tlb.evictions()).isEqualTo(1);
        assertThat(tlb.invalidateTag(2)).isEqualTo(1);
        assertThat(tlb.invalidate(1, 0, 0x10000)).isEqualTo(1);
        assertThat(tlb.occupied()).isZero();
    }
}
