package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SMMU programmed and fed exactly as Linux does, with every offset and value spelt out here
 * rather than taken from the model's constants: page tables written byte for byte in the layout of
 * drivers/iommu/io-pgtable-arm.c (ARM_64_LPAE_S1, 4 KiB granule, 48-bit IAS: four levels; tables
 * installed as {@code paddr | ARM_LPAE_PTE_TYPE_TABLE} by arm_lpae_install_table, leaves built by
 * arm_lpae_prot_to_pte and __arm_lpae_init_pte), the context bank written with the values of
 * drivers/iommu/arm/arm-smmu/arm-smmu.c arm_smmu_init_context_bank and arm_smmu_write_context_bank,
 * the stream routed by arm_smmu_write_s2cr and arm_smmu_write_smr, sCR0 as arm_smmu_device_reset
 * leaves it. Every translation and every FSR/FAR/FSYNR0 value is checked.
 */
final class LinuxIoPgtableTest {
    // Register offsets of arm-smmu.h, in the Zynq UltraScale+ layout (4 KiB pages, numpage 16).
    private static final long GR0_SCR0 = 0x0;
    private static final long GR0_SMR0 = 0x800;
    private static final long GR0_S2CR0 = 0xc00;
    private static final long GR1 = 0x1000;
    private static final int CBNDX = 2;
    private static final long CB = 0x10000 + CBNDX * 0x1000L;
    private static final long CB_SCTLR = 0x0;
    private static final long CB_TCR2 = 0x10;
    private static final long CB_TTBR0 = 0x20;
    private static final long CB_TTBR1 = 0x28;
    private static final long CB_TCR = 0x30;
    private static final long CB_MAIR0 = 0x38;
    private static final long CB_MAIR1 = 0x3c;
    private static final long CB_FSR = 0x58;
    private static final long CB_FAR = 0x60;
    private static final long CB_FSYNR0 = 0x68;

    /** The SD1 controller's stream id in the Zynq UltraScale+ device tree ({@code iommus = <&smmu 0x871>}). */
    private static final StreamId SD1 = new StreamId(0x871);

    // io-pgtable-arm.c descriptor bits.
    private static final long PTE_TYPE_TABLE = 3;
    private static final long PTE_TYPE_PAGE = 3;
    private static final long PTE_TYPE_BLOCK = 1;
    private static final long PTE_AP_UNPRIV = 1L << 6;
    private static final long PTE_AP_RDONLY = 2L << 6;
    private static final long PTE_SH_OS = 2L << 8;
    private static final long PTE_AF = 1L << 10;
    private static final long PTE_NG = 1L << 11;
    /** arm_lpae_prot_to_pte of IOMMU_READ | IOMMU_WRITE for a non-coherent master: nG, AP_UNPRIV, AttrIndx NC (0), SH_OS, AF. */
    private static final long PROT_RW = PTE_NG | PTE_AP_UNPRIV | PTE_SH_OS | PTE_AF;
    /** ... of IOMMU_READ alone: AP[2] read-only as well. */
    private static final long PROT_RO = PROT_RW | PTE_AP_RDONLY;

    // FSR and FSYNR0 fields of arm-smmu.h.
    private static final long FSR_TF = 1L << 1;
    private static final long FSR_AFF = 1L << 2;
    private static final long FSR_PF = 1L << 3;
    private static final long FSR_MULTI = 1L << 31;
    private static final long FSYNR0_WNR = 1L << 4;

    private final SmmuNode n = SmmuNode.terminating(Map.of());
    private long pgd;

    /** ARM_LPAE_LVL_IDX for the 4 KiB granule and four levels. */
    private static int index(long iova, int level) {
        return (int) ((iova >>> (12 + 9 * (3 - level))) & 511);
    }

    /** Writes one 64-bit descriptor as eight little-endian bytes, as the CPU stores it. */
    private void store(long pa, long pte) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (pte >>> (8 * i));
        }
        n.mm.physicalMemory().write(pa, b, 0, 8);
    }

    private long load(long pa) {
        byte[] b = new byte[8];
        n.mm.physicalMemory().read(pa, b, 0, 8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    /** __arm_lpae_map: walks from the pgd installing zeroed tables, then stores {@code pte} at {@code level}. */
    private long install(long iova, int level, long pte) {
        long table = pgd;
        for (int l = 0; l < level; l++) {
            long slot = table + 8L * index(iova, l);
            long d = load(slot);
            if (d == 0) {
                long next = n.frame();
                store(slot, next | PTE_TYPE_TABLE);
                table = next;
            } else {
                table = d & 0x0000_ffff_ffff_f000L;
            }
        }
        long slot = table + 8L * index(iova, level);
        store(slot, pte);
        return slot;
    }

    /** arm_lpae_map of one page (level 3), 2 MiB block (level 2) or 1 GiB block (level 1). */
    private long map(long iova, long pa, int level, long prot) {
        return install(iova, level, prot | (level == 3 ? PTE_TYPE_PAGE : PTE_TYPE_BLOCK) | pa);
    }

    @BeforeEach
    void programAsLinux() {
        pgd = n.frame();
        // arm_smmu_device_reset: fault reporting, no TLB broadcast (VMIDPNE, PTM), unmatched streams fault.
        n.smmu.writeRegister(GR0_SCR0, (1 << 1) | (1 << 2) | (1 << 4) | (1 << 5) | (1 << 10) | (1 << 11) | (1 << 12));
        // arm_smmu_write_context_bank, stage 1, AArch64, ASID = cbndx.
        n.smmu.writeRegister(GR1 + 0x800 + 4 * CBNDX, 1); // CBA2R.VA64
        n.smmu.writeRegister(GR1 + 4 * CBNDX, (1 << 16) | (3 << 8) | (0xf << 12)); // CBAR: S1, BPSHCFG NSH, MEMATTR WB
        n.smmu.writeRegister(CB + CB_TCR2, 5 | (1 << 4) | (7 << 15)); // PASize 48 bits, AS, SEP_UPSTREAM
        n.smmu.writeRegister(CB + CB_TCR, (1L << 23) | (2 << 12) | 16); // EPD1, SH0 OS, NC walks, TG0 4K, T0SZ 16
        n.smmu.writeRegister(CB + CB_TTBR0, pgd | ((long) CBNDX << 48));
        n.smmu.writeRegister(CB + CB_TTBR1, (long) CBNDX << 48);
        n.smmu.writeRegister(CB + CB_MAIR0, 0xf404ff44L); // NC, WBRWA, DEVICE, INC_OWBRWA
        n.smmu.writeRegister(CB + CB_MAIR1, 0);
        n.smmu.writeRegister(CB + CB_SCTLR, (1 << 12) | (1 << 6) | (1 << 5) | (1 << 2) | (1 << 1) | 1); // ASIDPNE CFIE CFRE AFE TRE M
        // arm_smmu_write_sme: S2CR (TYPE translate, CBNDX) then SMR (ID, MASK 0, VALID).
        n.smmu.writeRegister(GR0_S2CR0, CBNDX);
        n.smmu.writeRegister(GR0_SMR0, (1L << 31) | SD1.value());
    }

    private Translation read(long iova) {
        return n.smmu.translate(SD1, iova, Access.READ, n.listener);
    }

    private Translation write(long iova) {
        return n.smmu.translate(SD1, iova, Access.WRITE, n.listener);
    }

    private long reg(long offset) {
        return n.smmu.readRegister(offset);
    }

    /** arm_smmu_context_fault: reads FSR/FAR/FSYNR0, then writes FSR back to clear it. */
    private void expectFault(Translation t, FaultKind kind, long fsr, long far, long fsynr0) {
        assertThat(t.isFault()).isTrue();
        assertThat(t.record().orElseThrow().kind()).isEqualTo(kind);
        assertThat(t.record().orElseThrow().address()).isEqualTo(far);
        assertThat(reg(CB + CB_FSR)).isEqualTo(fsr);
        assertThat(reg(CB + CB_FAR)).isEqualTo(far);
        assertThat(reg(CB + CB_FSYNR0)).isEqualTo(fsynr0);
        n.smmu.writeRegister(CB + CB_FSR, reg(CB + CB_FSR));
        assertThat(reg(CB + CB_FSR)).isZero();
    }

    private void expectTranslates(long iova, long pa, long size) {
        for (long offset : new long[] {0, 8, size / 2 + 0x123, size - 1}) {
            assertThat(read(iova + offset).address().getAsLong()).isEqualTo(pa + offset);
        }
        assertThat(reg(CB + CB_FSR)).isZero();
    }

    @Test
    void aPageDescriptorIsTheBytesIoPgtableArmWrites() {
        long page = n.frame();
        long slot = map(0x1000_0000L, page, 3, PROT_RW);

        byte[] bytes = new byte[8];
        n.mm.physicalMemory().read(slot, bytes, 0, 8);
        assertThat(bytes[0] & 0xff).isEqualTo(0x43); // TYPE_PAGE | AP_UNPRIV
        assertThat(bytes[1] & 0xff).isEqualTo(0x0e | (int) ((page >>> 8) & 0xf0)); // SH_OS | AF | nG
        assertThat(load(slot)).isEqualTo(page | 0xe43);
        assertThat(load(slot) & ~0xfffL).isEqualTo(page);
    }

    @Test
    void fourKibPagesTranslateForReadsAndWrites() {
        long page = n.frame();
        map(0x1000_0000L, page, 3, PROT_RW);

        expectTranslates(0x1000_0000L, page, 4096);
        assertThat(write(0x1000_0ff8L).address().getAsLong()).isEqualTo(page + 0xff8);
        assertThat(reg(CB + CB_FSR)).isZero();
    }

    @Test
    void twoMibBlocksTranslateEveryOffset() {
        map(0x4020_0000L, 0x3000_0000L, 2, PROT_RW);

        expectTranslates(0x4020_0000L, 0x3000_0000L, 2L << 20);
        assertThat(write(0x4020_0000L + 0x1f_fff0L).address().getAsLong()).isEqualTo(0x3000_0000L + 0x1f_fff0L);
    }

    @Test
    void oneGibBlocksTranslateEveryOffset() {
        map(0x80_0000_0000L, 0x4000_0000L, 1, PROT_RW);

        expectTranslates(0x80_0000_0000L, 0x4000_0000L, 1L << 30);
    }

    @Test
    void aReadOnlyMappingAllowsReadsAndFaultsWritesWithPfAtLevel3() {
        long page = n.frame();
        map(0x2000_0000L, page, 3, PROT_RO);

        assertThat(read(0x2000_0010L).address().getAsLong()).isEqualTo(page + 0x10);
        expectFault(write(0x2000_0010L), FaultKind.PERMISSION, FSR_PF, 0x2000_0010L, FSYNR0_WNR | 3);
    }

    @Test
    void aReadOnlyBlockFaultsWritesAtItsLevel() {
        map(0x6000_0000L, 0x2000_0000L, 2, PROT_RO);

        expectFault(write(0x6000_4000L), FaultKind.PERMISSION, FSR_PF, 0x6000_4000L, FSYNR0_WNR | 2);
        assertThat(read(0x6000_4000L).address().getAsLong()).isEqualTo(0x2000_4000L);
    }

    @Test
    void anInvalidDescriptorIsATranslationFaultAtTheLevelWhereTheWalkStopped() {
        map(0x1000_0000L, n.frame(), 3, PROT_RW);

        // Same level-3 table, next page: never mapped.
        expectFault(read(0x1000_1000L), FaultKind.TRANSLATION, FSR_TF, 0x1000_1000L, 3);
        // Same pgd entry, another GiB: the level-1 entry is zero.
        expectFault(write(0x7000_0000L), FaultKind.TRANSLATION, FSR_TF, 0x7000_0000L, FSYNR0_WNR | 1);
        // Another pgd entry: the level-0 entry is zero.
        expectFault(read(0x1_0000_0000_0000L - 0x1000), FaultKind.TRANSLATION, FSR_TF, 0xffff_ffff_f000L, 0);
    }

    @Test
    void reservedDescriptorsAreTranslationFaults() {
        long page = n.frame();
        // Level 3 with bits[1:0] = 0b01 is reserved (a block is not allowed there).
        install(0x1000_0000L, 3, PROT_RW | PTE_TYPE_BLOCK | page);
        expectFault(read(0x1000_0000L), FaultKind.TRANSLATION, FSR_TF, 0x1000_0000L, 3);
        // Level 0 with bits[1:0] = 0b01: no level-0 blocks with the 4 KiB granule.
        install(0x80_0000_0000_0L, 0, PROT_RW | PTE_TYPE_BLOCK);
        expectFault(read(0x80_0000_0000_0L), FaultKind.TRANSLATION, FSR_TF, 0x80_0000_0000_0L, 0);
    }

    @Test
    void aClearAccessFlagIsAnAccessFlagFaultWithAfeAndNoAffd() {
        long page = n.frame();
        map(0x3000_0000L, page, 3, PROT_RW & ~PTE_AF);

        expectFault(read(0x3000_0040L), FaultKind.ACCESS, FSR_AFF, 0x3000_0040L, 3);
        map(0x3020_0000L, 0x1000_0000L, 2, PROT_RW & ~PTE_AF);
        expectFault(write(0x3020_0040L), FaultKind.ACCESS, FSR_AFF, 0x3020_0040L, FSYNR0_WNR | 2);
    }

    @Test
    void anIovaBeyondTheFortyEightBitInputIsATranslationFaultAtLevel0() {
        map(0x1000_0000L, n.frame(), 3, PROT_RW);

        expectFault(read(1L << 48), FaultKind.TRANSLATION, FSR_TF, 1L << 48, 0);
        expectFault(write(0xffff_0000_1000_0000L), FaultKind.TRANSLATION, FSR_TF, 0xffff_0000_1000_0000L,
                FSYNR0_WNR);
    }

    @Test
    void aSecondFaultBeforeTheFsrIsClearedOnlySetsMulti() {
        read(0x1000_0000L);
        write(0x2000_0000L);

        assertThat(reg(CB + CB_FSR)).isEqualTo(FSR_TF | FSR_MULTI);
        assertThat(reg(CB + CB_FAR)).isEqualTo(0x1000_0000L);
        assertThat(reg(CB + CB_FSYNR0)).isZero();
    }

    @Test
    void aMappingAddedAfterAFaultTranslatesWithoutAnInvalidation() {
        // arm_lpae_map of a previously invalid IOVA issues no TLB invalidation and relies on it.
        expectFault(read(0x5000_0000L), FaultKind.TRANSLATION, FSR_TF, 0x5000_0000L, 0);
        long page = n.frame();
        map(0x5000_0000L, page, 3, PROT_RW);

        assertThat(read(0x5000_0000L).address().getAsLong()).isEqualTo(page);
    }
}
