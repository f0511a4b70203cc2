package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/** Walks over hand-built tables in emulated memory, programmed through registers. */
final class TableWalkTest {
    private static final StreamId STREAM = new StreamId(7);
    /** Defaults: tlbHitLatency 10 ns, walkAccessLatency 120 ns. */
    private static final long HIT = 10;
    private static final long READ = 120;
    /** M | CFRE | CFIE, terminate mode. */
    private static final long SCTLR = SCTLR_M | SCTLR_CFRE | SCTLR_CFIE;

    private final SmmuNode n = SmmuNode.terminating(Map.of());

    /** Four-level tables (T0SZ 16) mapping {@code va} to {@code page} with {@code leaf}. */
    private long fourLevels(long va, long leaf) {
        long l0 = n.frame();
        long l1 = n.frame();
        long l2 = n.frame();
        long l3 = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(l2));
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.put(l3, Lpae.index(va, 3), leaf);
        return l0;
    }

    private Translation read(long va) {
        return n.smmu.translate(STREAM, va, Access.READ, n.listener);
    }

    private Translation write(long va) {
        return n.smmu.translate(STREAM, va, Access.WRITE, n.listener);
    }

    @Test
    void atResetClientPdBypassesEveryTransaction() {
        assertThat(n.reg(SCR0) & SCR0_CLIENTPD).isEqualTo(SCR0_CLIENTPD);

        Translation t = read(0x1234_5678L);

        assertThat(t.address().getAsLong()).isEqualTo(0x1234_5678L);
        assertThat(t.latencyNanos()).isEqualTo(HIT);
    }

    @Test
    void aFourLevelWalkReachesTheLevel3PageAndCostsOneReadPerLevel() {
        long va = 0x0000_1234_5678_9abcL;
        long page = n.frame();
        long root = fourLevels(va, Lpae.stage1Leaf(page, 3, true));
        n.configureStage1(0, STREAM.value(), 0, root, 5, 16, SCTLR);

        Translation t = write(va);

        assertThat(t.isFault()).isFalse();
        assertThat(t.address().getAsLong()).isEqualTo(page + 0xabc);
        assertThat(t.latencyNanos()).isEqualTo(HIT + 4 * READ);
    }

    @Test
    void level1And2BlocksMapOneGibAndTwoMib() {
        long l1 = n.frame();
        long l2 = n.frame();
        // T0SZ 25: 39-bit input, the walk starts at level 1.
        n.put(l1, 1, Lpae.stage1Leaf(0x8000_0000L, 1, true));
        n.put(l1, 2, Lpae.table(l2));
        n.put(l2, 3, Lpae.stage1Leaf(0x3000_0000L + 0x20_0000L * 5, 2, true));
        n.configureStage1(0, STREAM.value(), 0, l1, 1, 25, SCTLR);

        Translation gib = read(0x4000_0000L + 0x1234_5678L);
        Translation mib = read(0x8000_0000L + 3 * 0x20_0000L + 0x1_2345L);

        assertThat(gib.address().getAsLong()).isEqualTo(0x8000_0000L + 0x1234_5678L);
        assertThat(gib.latencyNanos()).isEqualTo(HIT + READ);
        assertThat(mib.address().getAsLong()).isEqualTo(0x30A0_0000L + 0x1_2345L);
        assertThat(mib.latencyNanos()).isEqualTo(HIT + 2 * READ);
    }

    @Test
    void aWalkStartsAtLevel2ForAThirtyBitInput() {
        long l2 = n.frame();
        long l3 = n.frame();
        long page = n.frame();
        long va = 0x2345_6000L;
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(page, 3, false));
        n.configureStage1(0, STREAM.value(), 0, l2, 1, 34, SCTLR);

        Translation t = read(va + 8);

        assertThat(t.address().getAsLong()).isEqualTo(page + 8);
        assertThat(t.latencyNanos()).isEqualTo(HIT + 2 * READ);
    }

    @Test
    void anInvalidDescriptorIsATranslationFaultAtItsLevel() {
        long l1 = n.frame();
        n.configureStage1(0, STREAM.value(), 0, l1, 1, 25, SCTLR);

        Translation t = write(0x4000_1008L);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo(0x4000_1008L);
        assertThat(n.reg(cb(0, CB_FSYNR0))).isEqualTo(1 | FSYNR0_WNR);
    }

    @Test
    void aWriteToAReadOnlyPageIsAPermissionFaultWithFsrFarAndFsynr0() {
        long va = 0x0000_1000_0000_5000L;
        long root = fourLevels(va, Lpae.stage1Leaf(n.frame(), 3, false));
        n.configureStage1(0, STREAM.value(), 0, root, 1, 16, SCTLR);

        assertThat(read(va).isFault()).isFalse();
        Translation t = write(va + 0x10);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_PF);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo(va + 0x10);
        assertThat(n.reg(cb(0, CB_FSYNR0))).isEqualTo(3 | FSYNR0_WNR);
    }

    @Test
    void aReadOnlyApTableMakesEverythingBelowReadOnly() {
        long va = 0x0000_1000_0000_5000L;
        long l0 = n.frame();
        long l1 = n.frame();
        long l2 = n.frame();
        long l3 = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(l2) | Lpae.APTABLE_RDONLY);
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(n.frame(), 3, true));
        n.configureStage1(0, STREAM.value(), 0, l0, 1, 16, SCTLR);

        assertThat(read(va).isFault()).isFalse();
        assertThat(write(va).record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
    }

    /**
     * VMSAv8-64 hierarchical permissions: APTable[0] in a table descriptor forbids unprivileged
     * access at every later level, whatever AP[1] of the leaf says; a device is unprivileged, so
     * reads and writes below it are permission faults at the leaf's level.
     */
    @Test
    void anApTable0ForbidsUnprivilegedAccessBelow() {
        long va = 0x0000_1000_0000_5000L;
        long l0 = n.frame();
        long l1 = n.frame();
        long l2 = n.frame();
        long l3 = n.frame();
        long page = n.frame();
        n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
        n.put(l1, Lpae.index(va, 1), Lpae.table(l2));
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3) | Lpae.APTABLE_NO_UNPRIV);
        n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(page, 3, true));
        n.put(l3, Lpae.index(va, 3) + 1, Lpae.stage1Leaf(page, 3, true));
        n.configureStage1(0, STREAM.value(), 0, l0, 1, 16, SCTLR);

        Translation r = read(va + 0x20);

        assertThat(r.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_PF);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo(va + 0x20);
        assertThat(n.reg(cb(0, CB_FSYNR0))).isEqualTo(3);
        assertThat(write(va + 0x1000).record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);

        // The same tables without APTable[0] translate: the bit, not the leaf, denied the access.
        n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
        n.smmu.writeRegister(cb(0, CB_FSR), FSR_PF | FSR_MULTI);
        assertThat(write(va + 0x1000 + 4).address().getAsLong()).isEqualTo(page + 4);
    }

    @Test
    void apTableBitsInAStage2TableAreIgnored() {
        long root = n.frame();
        long pa = n.frame();
        s2map(root, 0x4000_0000L, pa, true);
        long l0 = n.tables.read(root);
        n.tables.write(root, l0 | Lpae.APTABLE_NO_UNPRIV | Lpae.APTABLE_RDONLY);
        configureStage2(2, root, 9);
        n.route(STREAM.value(), 0, 2);

        assertThat(write(0x4000_0010L).address().getAsLong()).isEqualTo(pa + 0x10);
    }

    @Test
    void aClearAccessFlagFaultsUnlessAffdIsSet() {
        long va = 0x0000_1000_0000_7000L;
        long page = n.frame();
        long root = fourLevels(va, Lpae.stage1Leaf(page, 3, true) & ~Lpae.AF);
        n.configureStage1(0, STREAM.value(), 0, root, 1, 16, SCTLR);

        Translation t = read(va);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.ACCESS);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_AFF);
        assertThat(n.reg(cb(0, CB_FSYNR0))).isEqualTo(3);

        n.smmu.writeRegister(cb(0, CB_FSR), FSR_AFF);
        n.smmu.writeRegister(cb(0, CB_SCTLR), SCTLR | SCTLR_AFFD);
        assertThat(n.reg(cb(0, CB_FSR))).isZero();
        assertThat(read(va + 4).address().getAsLong()).isEqualTo(page + 4);
    }

    /**
     * VMSAv8-64 and QEMU hw/arm/smmu-common.c select_tt: an input address outside the TTBR0 range
     * (T0SZ) with no TTBR1 region (EPD1 set, as Linux programs it) selects no table: a translation
     * fault at level 0, not an address-size fault, and nothing is read.
     */
    @Test
    void anInputBeyondT0szWithEpd1IsATranslationFaultAtLevel0() {
        n.configureStage1(0, STREAM.value(), 0, n.frame(), 1, 25 | (int) TCR_EPD1, SCTLR);

        Translation t = write((1L << 39) + 0x1238);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo((1L << 39) + 0x1238);
        assertThat(n.reg(cb(0, CB_FSYNR0))).isEqualTo(FSYNR0_WNR);
        assertThat(t.latencyNanos()).as("no descriptor read").isEqualTo(HIT);
    }

    @Test
    void theLastAddressInsideT0szStillWalks() {
        long l1 = n.frame();
        n.put(l1, 511, Lpae.stage1Leaf(0x4000_0000L, 1, true));
        n.configureStage1(0, STREAM.value(), 0, l1, 1, 25 | (int) TCR_EPD1, SCTLR);

        Translation t = read((1L << 39) - 8);

        assertThat(t.address().getAsLong()).isEqualTo(0x4000_0000L + (1L << 30) - 8);
        assertThat(read(1L << 39).record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
    }

    @Test
    void epd0DisablesTtbr0WalksWithATranslationFault() {
        long va = 0x0000_1000_0000_5000L;
        long root = fourLevels(va, Lpae.stage1Leaf(n.frame(), 3, true));
        n.configureStage1(0, STREAM.value(), 0, root, 1, 16 | (int) TCR_EPD0, SCTLR);

        assertThat(read(va).record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF);
        assertThat(n.reg(cb(0, CB_FSYNR0)) & FSYNR0_PLVL).isZero();
    }

    @Test
    void anOutputBeyondPaSizeIsAnAddressSizeFault() {
        long va = 0x0000_1000_0000_5000L;
        // TCR2.PASize 2 = 40 bits; the page sits at 2^40.
        long root = fourLevels(va, Lpae.stage1Leaf(1L << 40, 3, true));
        n.configureStage1(0, STREAM.value(), 0, root, 1, 16, SCTLR);

        Translation t = read(va);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.ACCESS);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_ASF);
        assertThat(n.reg(cb(0, CB_FSYNR0)) & FSYNR0_PLVL).isEqualTo(3);
    }

    @Test
    void aStage2InputBeyondT0szIsATranslationFault() {
        configureStage2(2, n.frame(), 9);
        n.route(STREAM.value(), 0, 2);

        Translation t = read(1L << 48);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(2, CB_FSR))).isEqualTo(FSR_TF);
    }

    @Test
    void anUnusableTcrIsAConfigurationFault() {
        n.configureStage1(0, STREAM.value(), 0, n.frame(), 1, 16 | (1 << TCR_TG0_SHIFT), SCTLR);

        assertThat(read(0x1000).record().orElseThrow().kind()).isEqualTo(FaultKind.CONFIGURATION);
    }

    @Test
    void anUnmatchedStreamIsAConfigurationFaultInTheGlobalFaultRegisters() {
        n.configureStage1(0, STREAM.value(), 0, n.frame(), 1, 16, SCTLR);

        Translation t = n.smmu.translate(new StreamId(99), 0x5000, Access.READ, n.listener);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.CONFIGURATION);
        assertThat(t.record().orElseThrow().stream()).isEqualTo(new StreamId(99));
        assertThat(n.reg(GFSR)).isEqualTo(GFSR_USF);
        assertThat(n.reg(GFAR)).isEqualTo(0x5000);
    }

    @Test
    void aBankWithMClearBypasses() {
        n.configureStage1(0, STREAM.value(), 0, n.frame(), 1, 16, SCTLR & ~SCTLR_M);

        assertThat(read(0x7777_7000L).address().getAsLong()).isEqualTo(0x7777_7000L);
    }

    /** A stage-2 bank: VTCR T0SZ 16, SL0 = 2 (level 0), PS 40 bits. */
    private void configureStage2(int bank, long root, int vmid) {
        n.smmu.writeRegister(CBAR + 4L * bank, ((long) CBAR_TYPE_S2 << CBAR_TYPE_SHIFT) | vmid);
        n.smmu.writeRegister(CBA2R + 4L * bank, CBA2R_VA64);
        n.smmu.writeRegister(cb(bank, CB_TTBR0), root);
        n.smmu.writeRegister(cb(bank, CB_TCR), 16 | (2L << TCR_SL0_SHIFT) | (2L << VTCR_PS_SHIFT));
        n.smmu.writeRegister(cb(bank, CB_SCTLR), SCTLR);
    }

    /** Stage-2 tables rooted at {@code root} mapping the page of {@code ipa} to {@code pa}. */
    private void s2map(long root, long ipa, long pa, boolean writable) {
        long table = root;
        for (int level = 0; level < 3; level++) {
            long slot = table + 8L * Lpae.index(ipa, level);
            long d = n.tables.read(slot);
            if ((d & Lpae.VALID) == 0) {
                long next = n.frame();
                n.tables.write(slot, Lpae.table(next));
                table = next;
            } else {
                table = d & Lpae.ADDRESS_MASK;
            }
        }
        n.put(table, Lpae.index(ipa, 3), Lpae.stage2Leaf(pa, 3, writable));
    }

    @Test
    void aStage2BankChecksS2apAndReportsInItsOwnFsr() {
        long root = n.frame();
        long pa = n.frame();
        s2map(root, 0x4000_0000L, pa, false);
        configureStage2(2, root, 9);
        n.route(STREAM.value(), 0, 2);

        assertThat(read(0x4000_0010L).address().getAsLong()).isEqualTo(pa + 0x10);
        assertThat(write(0x4000_0010L).record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(n.reg(cb(2, CB_FSR))).isEqualTo(FSR_PF);
    }

    @Test
    void aNestedWalkTranslatesEveryStage1TableAndTheOutputThroughStage2() {
        // Stage 1 (T0SZ 25, levels 1..3) whose tables sit at IPAs 0x1000_0000.. that stage 2 maps to real frames.
        long s2root = n.frame();
        long[] ipaTables = {0x1000_0000L, 0x1000_1000L, 0x1000_2000L};
        long[] paTables = {n.frame(), n.frame(), n.frame()};
        for (int i = 0; i < 3; i++) {
            s2map(s2root, ipaTables[i], paTables[i], false);
        }
        long va = 0x4020_3000L;
        long dataIpa = 0x2000_0000L;
        long dataPa = n.frame();
        s2map(s2root, dataIpa, dataPa, true);
        n.put(paTables[0], Lpae.index(va, 1), Lpae.table(ipaTables[1]));
        n.put(paTables[1], Lpae.index(va, 2), Lpae.table(ipaTables[2]));
        n.put(paTables[2], Lpae.index(va, 3), Lpae.stage1Leaf(dataIpa, 3, true));
        configureStage2(3, s2root, 4);
        n.configureStage1(1, STREAM.value(), 0, ipaTables[0], 1, 25, SCTLR);
        n.smmu.writeRegister(CBAR + 4L, ((long) CBAR_TYPE_NESTED << CBAR_TYPE_SHIFT) | (3L << CBAR_CBNDX_SHIFT));

        Translation t = write(va + 0x44);

        assertThat(t.address().getAsLong()).isEqualTo(dataPa + 0x44);
        // 3 stage-1 reads, each after a 4-read stage-2 walk of its table address, then a 4-read stage-2 walk of the output.
        assertThat(t.latencyNanos()).isEqualTo(HIT + (3 + 3 * 4 + 4) * READ);
    }

    @Test
    void aStage2FaultOnAStage1TableIsReportedInTheStage2BankWithPtwf() {
        long s2root = n.frame();
        configureStage2(3, s2root, 4);
        n.configureStage1(1, STREAM.value(), 0, 0x1000_0000L, 1, 25, SCTLR);
        n.smmu.writeRegister(CBAR + 4L, ((long) CBAR_TYPE_NESTED << CBAR_TYPE_SHIFT) | (3L << CBAR_CBNDX_SHIFT));

        Translation t = read(0x4020_3000L);

        assertThat(t.record().orElseThrow().kind()).isEqualTo(FaultKind.TRANSLATION);
        assertThat(n.reg(cb(3, CB_FSR))).isEqualTo(FSR_TF);
        assertThat(n.reg(cb(3, CB_FSYNR0))).isEqualTo(FSYNR0_PTWF | (1L << FSYNR0_S1CBNDX_SHIFT));
        assertThat(n.reg(cb(1, CB_FSR))).isZero();
    }
}
