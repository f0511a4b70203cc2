package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.core.observe.MetricValue;
import org.junit.jupiter.api.Test;

/** The SMMU's TLB: hits, misses, LRU, negative entries and every kind of invalidation. */
final class TlbTest {
    private static final StreamId STREAM = new StreamId(7);
    private static final long HIT = 10;
    private static final long WALK = HIT + 4 * 120;
    private static final long SCTLR = SCTLR_M | SCTLR_CFRE;
    private static final int ASID = 5;

    private SmmuNode n = SmmuNode.terminating(Map.of());
    private final long va = 0x0000_1000_0000_3000L;
    private long l3;
    private long page;

    private void oneMappedPage() {
        long l0 = n.frame();
        long l1 = n.frame();
        long l2 = n.frame();
        l3 = n.frame();
        page = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(l2));
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(page, 3, true));
        n.configureStage1(0, STREAM.value(), 0, l0, ASID, 16, SCTLR);
    }

    private Translation read(long address) {
        return n.smmu.translate(STREAM, address, Access.READ, n.listener);
    }

    private long counter(String name) {
        return ((MetricValue.CounterValue) n.sim.metrics().snapshot().get("node1.smmu." + name)).value();
    }

    @Test
    void aMissWalksAndFillsTheTlbAndTheNextAccessHits() {
        oneMappedPage();

        Translation first = read(va);
        Translation second = read(va + 0x800);

        assertThat(first.latencyNanos()).isEqualTo(WALK);
        assertThat(second.latencyNanos()).isEqualTo(HIT);
        assertThat(second.address().getAsLong()).isEqualTo(page + 0x800);
        assertThat(counter("tlb.misses")).isEqualTo(1);
        assertThat(counter("tlb.hits")).isEqualTo(1);
        assertThat(counter("walk.reads")).isEqualTo(4);
    }

    @Test
    void aCachedReadOnlyEntryFaultsAWriteWithPermissionAtHitLatencyWithoutAWalk() {
        oneMappedPage();
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(page, 3, false));
        assertThat(read(va).isFault()).isFalse();

        Translation write = n.smmu.translate(STREAM, va + 8, Access.WRITE, n.listener);

        assertThat(write.isFault()).isTrue();
        assertThat(write.record().orElseThrow().kind()).isEqualTo(org.iopf.api.fault.FaultKind.PERMISSION);
        assertThat(write.record().orElseThrow().address()).isEqualTo(va + 8);
        assertThat(write.latencyNanos()).isEqualTo(HIT);
        assertThat(counter("tlb.hits")).isEqualTo(1);
        assertThat(counter("walk.reads")).isEqualTo(4);
        assertThat(n.reg(cb(0, CB_FSR)) & FSR_PF).isEqualTo(FSR_PF);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo(va + 8);
    }

    @Test
    void aChangedDescriptorIsNotSeenUntilTheTlbIsInvalidatedByVa() {
        oneMappedPage();
        read(va);
        long other = n.frame();
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(other, 3, true));

        assertThat(read(va).address().getAsLong()).isEqualTo(page);
        n.smmu.writeRegister(cb(0, CB_TLBIVA), ((long) ASID << 48) | (va >>> 12));
        n.smmu.writeRegister(cb(0, CB_TLBSYNC), 0);

        assertThat(n.reg(cb(0, CB_TLBSTATUS))).isZero();
        Translation t = read(va);
        assertThat(t.address().getAsLong()).isEqualTo(other);
        assertThat(t.latencyNanos()).isEqualTo(WALK);
    }

    @Test
    void tlbiasidAndTlbiallDropTheContextsEntries() {
        oneMappedPage();
        read(va);
        n.smmu.writeRegister(cb(0, CB_TLBIASID), ASID + 1);
        assertThat(read(va).latencyNanos()).isEqualTo(HIT);

        n.smmu.writeRegister(cb(0, CB_TLBIASID), ASID);
        assertThat(read(va).latencyNanos()).isEqualTo(WALK);

        n.smmu.writeRegister(cb(0, CB_TLBIALL), 0);
        assertThat(read(va).latencyNanos()).isEqualTo(WALK);

        n.smmu.writeRegister(TLBIALLNSNH, 0);
        assertThat(read(va).latencyNanos()).isEqualTo(WALK);
        assertThat(counter("invalidations.entries")).isEqualTo(3);
    }

    @Test
    void withNegativeCachingATranslationFaultIsCachedUntilItsRangeIsInvalidated() {
        // The seed's account (negativeCaching: true), not the architecture's default.
        n = SmmuNode.terminating(Map.of("negativeCaching", "true"));
        oneMappedPage();
        long next = va + 4096;

        assertThat(read(next).isFault()).isTrue();
        n.put(l3, Lpae.index(next, 3), Lpae.stage1Leaf(n.frame(), 3, true));
        Translation stale = read(next);

        assertThat(stale.isFault()).isTrue();
        assertThat(stale.latencyNanos()).isEqualTo(HIT);
        n.smmu.writeRegister(cb(0, CB_TLBIVA), ((long) ASID << 48) | (next >>> 12));
        assertThat(read(next).isFault()).isFalse();
    }

    @Test
    void byDefaultNoFaultIsCachedAndTheNewEntryIsSeenAtOnce() {
        SmmuNode m = SmmuNode.terminating(Map.of());
        long l0 = m.frame();
        m.configureStage1(0, STREAM.value(), 0, l0, ASID, 16, SCTLR);
        assertThat(m.smmu.translate(STREAM, va, Access.READ, m.listener).isFault()).isTrue();
        long l1 = m.frame();
        long l2 = m.frame();
        long l3b = m.frame();
        m.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        m.put(l1, Lpae.index(va, 1), Lpae.table(l2));
        m.put(l2, Lpae.index(va, 2), Lpae.table(l3b));
        m.put(l3b, Lpae.index(va, 3), Lpae.stage1Leaf(m.frame(), 3, true));

        assertThat(m.smmu.translate(STREAM, va, Access.READ, m.listener).isFault()).isFalse();
    }

    @Test
    void aSetEvictsItsLeastRecentlyUsedEntry() {
        IoTlb tlb = new IoTlb(2, 2);
        int ctx = IoTlb.context(0, 1);
        tlb.insert(ctx, 0x1000, IoTlb.entry(0xa000, IoTlb.READABLE, 3));
        tlb.insert(ctx, 0x2000, IoTlb.entry(0xb000, IoTlb.READABLE, 3));
        tlb.lookup(ctx, 0x1000);
        tlb.insert(ctx, 0x3000, IoTlb.entry(0xc000, IoTlb.READABLE, 3));

        assertThat(IoTlb.frame(tlb.lookup(ctx, 0x1000))).isEqualTo(0xa000);
        assertThat(tlb.lookup(ctx, 0x2000)).isEqualTo(IoTlb.MISS);
        assertThat(IoTlb.frame(tlb.lookup(ctx, 0x3000))).isEqualTo(0xc000);
        assertThat(tlb.occupied()).isEqualTo(2);
    }

    @Test
    void rangeInvalidationDropsOnlyTheRangeOfItsContext() {
        IoTlb tlb = new IoTlb(64, 4);
        int a = IoTlb.context(0, 1);
        int b = IoTlb.context(1, 1);
        for (long p = 0; p < 8; p++) {
            tlb.insert(a, p << 12, IoTlb.entry(p << 12, IoTlb.READABLE, 3));
            tlb.insert(b, p << 12, IoTlb.entry(p << 12, IoTlb.READABLE, 3));
        }

        assertThat(tlb.invalidateRange(a, 2 << 12, 3 << 12)).isEqualTo(3);
        assertThat(tlb.lookup(a, 2 << 12)).isEqualTo(IoTlb.MISS);
        assertThat(tlb.lookup(a, 5 << 12)).isNotEqualTo(IoTlb.MISS);
        assertThat(tlb.lookup(b, 3 << 12)).isNotEqualTo(IoTlb.MISS);
        assertThat(tlb.invalidateRange(a, 0, 1L << 40)).isEqualTo(5);
        assertThat(tlb.invalidateBank(1)).isEqualTo(8);
        assertThat(tlb.occupied()).isZero();
    }
}
