package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/**
 * The walk cache and the stale entry a missing walk invalidation leaves: a level-3 table freed and
 * replaced (as io-pgtable-arm.c does when it unmaps a whole table and maps again) while the walk
 * cache still points at the old one, invalidated only at the leaf (TLBIVAL, Linux's
 * tlb_add_page) instead of by TLBIVA (tlb_flush_walk): the same address faults again and again.
 */
final class WalkCacheTest {
    private static final StreamId STREAM = new StreamId(7);
    private static final long HIT = 10;
    private static final long READ = 120;
    private static final long SCTLR = SCTLR_M | SCTLR_CFRE;
    private static final int ASID = 5;
    private final long va = 0x0000_1000_0000_3000L;
    private long l2;
    private long l3;

    private SmmuNode node(int entries) {
        SmmuNode n = SmmuNode.terminating(Map.of("walkCacheEntries", Integer.toString(entries)));
        long l0 = n.frame();
        long l1 = n.frame();
        l2 = n.frame();
        l3 = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(l2));
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(n.frame(), 3, true));
        n.configureStage1(0, STREAM.value(), 0, l0, ASID, 16, SCTLR);
        return n;
    }

    private static Translation read(SmmuNode n, long address) {
        return n.smmu.translate(STREAM, address, Access.READ, n.listener);
    }

    private static void tlbi(SmmuNode n, long register, long address) {
        n.smmu.writeRegister(cb(0, register), ((long) ASID << 48) | (address >>> 12));
    }

    /** Frees the level-3 table (zeroes it) and maps {@code va} again in a new one; returns the new page. */
    private long replaceLevel3Table(SmmuNode n) {
        long page = n.frame();
        long fresh = n.frame();
        n.mm.physicalMemory().zero(l3, 4096);
        n.put(fresh, Lpae.index(va, 3), Lpae.stage1Leaf(page, 3, true));
        n.put(l2, Lpae.index(va, 2), Lpae.table(fresh));
        return page;
    }

    @Test
    void aLaterWalkOfTheRegionStartsBelowTheCachedTableDescriptors() {
        SmmuNode n = node(16);
        assertThat(read(n, va).latencyNanos()).isEqualTo(HIT + 4 * READ);

        tlbi(n, CB_TLBIVAL, va);
        assertThat(read(n, va).latencyNanos()).as("only the level-3 descriptor is read").isEqualTo(HIT + READ);
        // Another page of the same level-3 table: the cached level-2 descriptor serves it too.
        assertThat(read(n, va + 0x1000).record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(0, CB_FSYNR0)) & FSYNR0_PLVL).isEqualTo(3);
    }

    @Test
    void aLeafOnlyInvalidationLeavesAStaleWalkCacheEntryAndTheSameAddressFaultsAgainAndAgain() {
        SmmuNode n = node(16);
        read(n, va);
        long page = replaceLevel3Table(n);
        tlbi(n, CB_TLBIVAL, va);

        for (int i = 0; i < 3; i++) {
            Translation t = read(n, va + 8);
            assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
            assertThat(t.latencyNanos()).as("the stale walk reads only the old level-3 table").isEqualTo(HIT + READ);
            n.smmu.writeRegister(cb(0, CB_FSR), FSR_TF | FSR_MULTI);
        }

        tlbi(n, CB_TLBIVA, va);
        assertThat(read(n, va + 8).address().getAsLong()).isEqualTo(page + 8);
    }

    @Test
    void aContextInvalidationDropsTheWalkCacheToo() {
        SmmuNode n = node(16);
        read(n, va);
        long page = replaceLevel3Table(n);
        tlbi(n, CB_TLBIVAL, va);
        assertThat(read(n, va).isFault()).isTrue();

        n.smmu.writeRegister(cb(0, CB_TLBIASID), ASID);

        assertThat(read(n, va).address().getAsLong()).isEqualTo(page);
    }

    @Test
    void aBankInvalidationDropsTheWalkCacheToo() {
        SmmuNode n = node(16);
        read(n, va);
        long page = replaceLevel3Table(n);
        tlbi(n, CB_TLBIVAL, va);
        assertThat(read(n, va).isFault()).isTrue();

        n.smmu.writeRegister(cb(0, CB_TLBIALL), 0);

        assertThat(read(n, va).address().getAsLong()).isEqualTo(page);
    }

    @Test
    void anInvalidationOfAnotherAddressLeavesTheEntry() {
        SmmuNode n = node(16);
        read(n, va);
        replaceLevel3Table(n);
        // Another 512 GiB region: no walk-cache entry of va covers it (TLBIVA of any address under the same
        // level-0 or level-1 entry drops those entries too, and the walk then reads the live descriptors).
        tlbi(n, CB_TLBIVAL, va);
        tlbi(n, CB_TLBIVA, va + (1L << 39));

        assertThat(read(n, va).isFault()).as("TLBIVA of another region keeps this one's entry").isTrue();
    }

    @Test
    void withoutAWalkCacheTheReplacedTableIsSeenAfterTheLeafInvalidation() {
        SmmuNode n = node(0);
        read(n, va);
        long page = replaceLevel3Table(n);
        tlbi(n, CB_TLBIVAL, va);

        Translation t = read(n, va);

        assertThat(t.address().getAsLong()).isEqualTo(page);
        assertThat(t.latencyNanos()).isEqualTo(HIT + 4 * READ);
    }

    @Test
    void descriptorsBelowAnApTableAreNotCached() {
        SmmuNode n = SmmuNode.terminating(Map.of("walkCacheEntries", "16"));
        long l0 = n.frame();
        long l1 = n.frame();
        long t2 = n.frame();
        long t3 = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(t2) | Lpae.APTABLE_RDONLY);
        n.put(t2, Lpae.index(va, 2), Lpae.table(t3));
        n.put(t3, Lpae.index(va, 3), Lpae.stage1Leaf(n.frame(), 3, true));
        n.configureStage1(0, STREAM.value(), 0, l0, ASID, 16, SCTLR);
        read(n, va);
        tlbi(n, CB_TLBIVAL, va);

        // Level 0 is cached (no APTable above it); level 1 carries APTable[1], so the walk reads 3.
        assertThat(read(n, va).latencyNanos()).isEqualTo(HIT + 3 * READ);
        assertThat(n.smmu.translate(STREAM, va, Access.WRITE, n.listener).record().orElseThrow().kind())
                .isEqualTo(FaultKind.PERMISSION);
    }
}
