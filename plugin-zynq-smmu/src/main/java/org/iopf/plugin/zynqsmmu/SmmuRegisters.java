package org.iopf.plugin.zynqsmmu;

/**
 * The register map of the modelled MMU-500 (ARM SMMUv2 architecture, AArch64 context format),
 * as offsets from the SMMU's base and bit masks. The layout is the Zynq UltraScale+ one, its device
 * tree's {@code reg = <0x0 0xfd800000 0x0 0x20000>}: 4 KiB register pages (ID1.PAGESIZE = 0),
 * global space 0 (GR0) at page 0, global space 1 (GR1) at page 1 ({@link #GR1_BASE} 0x1000), and
 * the translation context banks in the upper half, bank {@code n} at {@link #CB_BASE} (0x10000)
 * {@code + n * }{@link #CB_STRIDE} (0x1000) — what Linux {@code arm_smmu_device_cfg_probe}
 * (drivers/iommu/arm/arm-smmu/arm-smmu.c) computes from ID1 (NUMPAGENDXB = 3: 16 pages) and the
 * region size. {@link #cb} is that default layout; an SMMU with more than 16 banks has more pages,
 * which {@link RegisterLayout#probe} finds from ID1 as the driver does.
 *
 * @since 0.1
 */
public final class SmmuRegisters {
    /** Context banks of the Zynq UltraScale+ MMU-500 (seed 000 §2.2, FIDELITY A2). */
    public static final int CONTEXT_BANKS = 16;
    /** Stream-match register groups (SMR/S2CR pairs) of the Zynq UltraScale+ MMU-500. */
    public static final int STREAM_MATCH_GROUPS = 48;

    /** GR0: secure configuration register 0. */
    public static final long SCR0 = 0x0;
    /** sCR0.CLIENTPD: client port disable, every transaction bypasses translation (set at reset). */
    public static final long SCR0_CLIENTPD = 1L;
    /** sCR0.GFRE: global fault reporting enable. */
    public static final long SCR0_GFRE = 1L << 1;
    /** sCR0.GFIE: global fault interrupt enable. */
    public static final long SCR0_GFIE = 1L << 2;
    /** sCR0.USFCFG: an unmatched stream faults (1) instead of bypassing (0). */
    public static final long SCR0_USFCFG = 1L << 10;
    /** GR0: identification register 0 (read only). */
    public static final long ID0 = 0x20;
    /** ID0.S1TS: stage 1 translation supported. */
    public static final long ID0_S1TS = 1L << 30;
    /** ID0.S2TS: stage 2 translation supported. */
    public static final long ID0_S2TS = 1L << 29;
    /** ID0.NTS: nested (stage 1 followed by stage 2) translation supported. */
    public static final long ID0_NTS = 1L << 28;
    /** ID0.SMS: stream matching supported. */
    public static final long ID0_SMS = 1L << 27;
    /** ID0.ATOSNS: address translation operations not supported. */
    public static final long ID0_ATOSNS = 1L << 26;
    /** Shift of ID0.NUMIRPT (bits [23:16]): context interrupts. */
    public static final int ID0_NUMIRPT_SHIFT = 16;
    /** Shift of ID0.NUMSIDB (bits [12:9]): stream id bits. */
    public static final int ID0_NUMSIDB_SHIFT = 9;
    /** ID0.NUMSMRG (bits [7:0]): stream-match register groups. */
    public static final long ID0_NUMSMRG = 0xff;
    /** GR0: identification register 1 (read only). */
    public static final long ID1 = 0x24;
    /** ID1.PAGESIZE: 64 KiB register pages (1) or 4 KiB (0). */
    public static final long ID1_PAGESIZE = 1L << 31;
    /** Shift of ID1.NUMPAGENDXB (bits [30:28]): the global space and the context-bank space are 2^(NUMPAGENDXB+1) pages each. */
    public static final int ID1_NUMPAGENDXB_SHIFT = 28;
    /** Shift of ID1.NUMS2CB (bits [23:16]): stage-2-only context banks. */
    public static final int ID1_NUMS2CB_SHIFT = 16;
    /** ID1.NUMCB (bits [7:0]): context banks. */
    public static final long ID1_NUMCB = 0xff;
    /** GR0: identification register 2 (read only). */
    public static final long ID2 = 0x28;
    /** ID2.VMID16: 16-bit VMIDs supported. */
    public static final long ID2_VMID16 = 1L << 15;
    /** ID2.PTFS_64K: AArch64 64 KiB granule supported. */
    public static final long ID2_PTFS_64K = 1L << 14;
    /** ID2.PTFS_16K: AArch64 16 KiB granule supported. */
    public static final long ID2_PTFS_16K = 1L << 13;
    /** ID2.PTFS_4K: AArch64 4 KiB granule supported. */
    public static final long ID2_PTFS_4K = 1L << 12;
    /** Shift of ID2.UBS (bits [11:8]): upstream bus (virtual) address size, encoded as {@link #addressBits}. */
    public static final int ID2_UBS_SHIFT = 8;
    /** Shift of ID2.OAS (bits [7:4]): output (physical) address size. */
    public static final int ID2_OAS_SHIFT = 4;
    /** ID2.IAS (bits [3:0]): input (intermediate physical) address size. */
    public static final long ID2_IAS = 0xf;
    /** GR0: identification register 7 (read only): MAJOR [7:4], MINOR [3:0] revision. */
    public static final long ID7 = 0x3c;
    /** GR0: global fault status register. */
    public static final long GFSR = 0x48;
    /** GFSR.USF: unidentified stream fault. */
    public static final long GFSR_USF = 1L << 1;
    /** GR0: global fault address (the faulting input address). */
    public static final long GFAR = 0x40;
    /** GR0: stream-match register {@code n} at {@code SMR + 4n}. */
    public static final long SMR = 0x800;
    /** SMR.VALID. */
    public static final long SMR_VALID = 1L << 31;
    /** SMR.ID mask (15 bits). */
    public static final long SMR_ID_MASK = 0x7fff;
    /** Shift of SMR.MASK. */
    public static final int SMR_MASK_SHIFT = 16;
    /** GR0: stream-to-context register {@code n} at {@code S2CR + 4n}. */
    public static final long S2CR = 0xc00;
    /** Shift of S2CR.TYPE: 0 translate through CBNDX, 1 bypass, 2 fault. */
    public static final int S2CR_TYPE_SHIFT = 16;
    /** S2CR.TYPE translation. */
    public static final int S2CR_TYPE_TRANSLATE = 0;
    /** S2CR.TYPE bypass. */
    public static final int S2CR_TYPE_BYPASS = 1;
    /** S2CR.TYPE fault. */
    public static final int S2CR_TYPE_FAULT = 2;
    /** GR0: invalidate every TLB entry of every non-secure context (TLBIALLNSNH). */
    public static final long TLBIALLNSNH = 0x68;
    /** GR0: global TLB synchronisation. */
    public static final long STLBGSYNC = 0x70;

    /** GR1 base: register page 1 (4 KiB pages). */
    public static final long GR1_BASE = 0x1000;
    /** GR1: context bank attribute register {@code n} at {@code CBAR + 4n}. */
    public static final long CBAR = GR1_BASE;
    /** Shift of CBAR.TYPE: 0 stage 2 only, 1 stage 1 with stage 2 bypass, 3 stage 1 nested in stage 2. */
    public static final int CBAR_TYPE_SHIFT = 16;
    /** CBAR.TYPE stage 2 only. */
    public static final int CBAR_TYPE_S2 = 0;
    /** CBAR.TYPE stage 1, stage 2 bypass. */
    public static final int CBAR_TYPE_S1 = 1;
    /** CBAR.TYPE stage 1 followed by the stage-2 bank in CBAR[15:8] (nested). */
    public static final int CBAR_TYPE_NESTED = 3;
    /** Shift of CBAR.CBNDX (the stage-2 bank of a nested stage-1 bank). */
    public static final int CBAR_CBNDX_SHIFT = 8;
    /** GR1: context bank attribute register 2 {@code n} at {@code CBA2R + 4n}. */
    public static final long CBA2R = GR1_BASE + 0x800;
    /** CBA2R.VA64: AArch64 descriptor format. */
    public static final long CBA2R_VA64 = 1L;

    /** Base of context bank 0 in the Zynq UltraScale+ layout (16 pages of 4 KiB: half of the 0x20000 region). */
    public static final long CB_BASE = 0x10000;
    /** Distance between context banks: one 4 KiB register page. */
    public static final long CB_STRIDE = 0x1000;

    /** CB: system control register. */
    public static final long CB_SCTLR = 0x0;
    /** CB: auxiliary control register. */
    public static final long CB_ACTLR = 0x4;
    /** CB: transaction resume register (write 0 retry, 1 terminate). */
    public static final long CB_RESUME = 0x8;
    /** CB: translation control register 2 (PASize). */
    public static final long CB_TCR2 = 0x10;
    /** CB: translation table base register 0 (64-bit; ASID in [63:48]). */
    public static final long CB_TTBR0 = 0x20;
    /** CB: translation control register (T0SZ, TG0, SL0 for stage 2). */
    public static final long CB_TCR = 0x30;
    /** CB: memory attribute indirection register 0. */
    public static final long CB_MAIR0 = 0x38;
    /** CB: fault status register (write 1 to clear). */
    public static final long CB_FSR = 0x58;
    /** CB: fault address register (64-bit). */
    public static final long CB_FAR = 0x60;
    /** CB: fault syndrome register 0. */
    public static final long CB_FSYNR0 = 0x68;
    /** CB: invalidate by VA (value: ASID[63:48] | VA[55:12] >> 12). */
    public static final long CB_TLBIVA = 0x600;
    /** CB: invalidate by ASID (value: the ASID). */
    public static final long CB_TLBIASID = 0x610;
    /** CB: invalidate every entry of the context. */
    public static final long CB_TLBIALL = 0x618;
    /** CB: invalidate by VA, last level only. */
    public static final long CB_TLBIVAL = 0x620;
    /** CB: invalidate stage 2 by IPA (value: IPA >> 12). */
    public static final long CB_TLBIIPAS2 = 0x630;
    /** CB: TLB synchronisation. */
    public static final long CB_TLBSYNC = 0x7f0;
    /** CB: TLB status (SACTIVE, always 0 here: invalidation is immediate). */
    public static final long CB_TLBSTATUS = 0x7f4;

    /** SCTLR.M: translation enabled. */
    public static final long SCTLR_M = 1L;
    /** SCTLR.TRE: TEX remap enable. */
    public static final long SCTLR_TRE = 1L << 1;
    /** SCTLR.AFE: access flag enable. */
    public static final long SCTLR_AFE = 1L << 2;
    /** SCTLR.AFFD: access flag fault disable (an entry with AF=0 translates). */
    public static final long SCTLR_AFFD = 1L << 3;
    /** SCTLR.CFRE: context fault report enable (FSR/FAR/FSYNR0 record faults). */
    public static final long SCTLR_CFRE = 1L << 5;
    /** SCTLR.CFIE: context fault interrupt enable. */
    public static final long SCTLR_CFIE = 1L << 6;
    /** SCTLR.CFCFG: 1 stall the faulting transaction, 0 terminate it. */
    public static final long SCTLR_CFCFG = 1L << 7;
    /** SCTLR.HUPCF: hit under previous context fault (TLB hits proceed while the context is stalled). */
    public static final long SCTLR_HUPCF = 1L << 8;

    /** FSR.TF: translation fault. */
    public static final long FSR_TF = 1L << 1;
    /** FSR.AFF: access flag fault. */
    public static final long FSR_AFF = 1L << 2;
    /** FSR.PF: permission fault. */
    public static final long FSR_PF = 1L << 3;
    /** FSR.EF: external fault (a walk read outside memory). */
    public static final long FSR_EF = 1L << 4;
    /** FSR.TLBMCF: TLB match conflict fault. */
    public static final long FSR_TLBMCF = 1L << 5;
    /** FSR.TLBLKF: TLB lock fault. */
    public static final long FSR_TLBLKF = 1L << 6;
    /** FSR.ASF: address size fault (input or output address out of range). */
    public static final long FSR_ASF = 1L << 7;
    /** FSR.SS: the faulting transaction is stalled. */
    public static final long FSR_SS = 1L << 30;
    /** FSR.MULTI: another fault arrived while the FSR held one. */
    public static final long FSR_MULTI = 1L << 31;
    /** Every fault bit of the FSR. */
    public static final long FSR_FAULT = FSR_TF | FSR_AFF | FSR_PF | FSR_EF | FSR_TLBMCF | FSR_TLBLKF | FSR_ASF;

    /** FSYNR0.PLVL: level of the walk at which the fault happened (bits [1:0]). */
    public static final long FSYNR0_PLVL = 0x3;
    /** FSYNR0.WNR: the faulting access was a write. */
    public static final long FSYNR0_WNR = 1L << 4;
    /** FSYNR0.PNU: privileged (1) or unprivileged (0) access. */
    public static final long FSYNR0_PNU = 1L << 5;
    /** FSYNR0.IND: instruction (1) or data (0) access. */
    public static final long FSYNR0_IND = 1L << 6;
    /** FSYNR0.PTWF: the fault happened on a stage-2 walk of a stage-1 table (nested). */
    public static final long FSYNR0_PTWF = 1L << 10;
    /** Shift of FSYNR0.S1CBNDX: the stage-1 bank of a nested stage-2 fault. */
    public static final int FSYNR0_S1CBNDX_SHIFT = 16;

    /** TCR.T0SZ (bits [5:0]): the input address size is 64 - T0SZ bits. */
    public static final long TCR_T0SZ = 0x3f;
    /** TCR.EPD0 (bit 7, stage 1): walks from TTBR0 disabled, every TTBR0-range address is a translation fault. */
    public static final long TCR_EPD0 = 1L << 7;
    /** TCR.EPD1 (bit 23, stage 1): walks from TTBR1 disabled; Linux arm-smmu sets it (no TTBR1 region). */
    public static final long TCR_EPD1 = 1L << 23;
    /** Shift of TCR.SL0 (stage 2 starting level, bits [7:6]; 4 KiB: 0 = level 2, 1 = level 1, 2 = level 0). */
    public static final int TCR_SL0_SHIFT = 6;
    /** Shift of TCR.TG0 (bits [15:14]; 0 = 4 KiB, the only granule modelled). */
    public static final int TCR_TG0_SHIFT = 14;
    /** Shift of stage-2 VTCR.PS (bits [18:16]) and of TCR2.PASize (bits [2:0]). */
    public static final int VTCR_PS_SHIFT = 16;

    private SmmuRegisters() {
    }

    /** The offset of register {@code register} of context bank {@code bank} in the Zynq UltraScale+ layout. */
    public static long cb(int bank, long register) {
        return CB_BASE + bank * CB_STRIDE + register;
    }

    /** The physical address size in bits that a PASize/PS encoding selects. */
    public static int addressBits(int encoding) {
        return switch (encoding) {
            case 0 -> 32;
            case 1 -> 36;
            case 2 -> 40;
            case 3 -> 42;
            case 4 -> 44;
            default -> 48;
        };
    }
}
