package org.iopf.plugin.smmuv3pri;

/**
 * Register offsets, field positions and encodings of the SMMUv3 programming interface that this
 * model implements, as Arm IHI 0070 defines them (chapter 6 registers, chapter 5 structures,
 * chapter 4 commands, chapter 7 events, chapter 8 PRI) and as {@code drivers/iommu/arm/arm-smmu-v3/
 * arm-smmu-v3.h} of Linux names them. Page-1 registers sit at 0x10000 + their offset.
 */
final class Regs {
    static final long IDR0 = 0x0;
    static final long IDR1 = 0x4;
    static final long IDR2 = 0x8;
    static final long IDR3 = 0xc;
    static final long IDR4 = 0x10;
    static final long IDR5 = 0x14;
    static final long CR0 = 0x20;
    static final long CR0ACK = 0x24;
    static final long GERROR = 0x60;
    static final long GERRORN = 0x64;
    static final long STRTAB_BASE = 0x80;
    static final long STRTAB_BASE_CFG = 0x88;
    static final long CMDQ_BASE = 0x90;
    static final long CMDQ_PROD = 0x98;
    static final long CMDQ_CONS = 0x9c;
    static final long EVTQ_BASE = 0xa0;
    static final long EVTQ_PROD = 0x100a8;
    static final long EVTQ_CONS = 0x100ac;
    static final long PRIQ_BASE = 0xc0;
    static final long PRIQ_PROD = 0x100c8;
    static final long PRIQ_CONS = 0x100cc;

    /** GERROR / GERRORN bits (IHI 0070 §6.3.16-17): an error is active while the two differ. */
    static final int GERROR_CMDQ_ERR = 1;
    static final int GERROR_EVTQ_ABT_ERR = 1 << 2;
    static final int GERROR_PRIQ_ABT_ERR = 1 << 3;
    static final int GERROR_ERR_MASK = 0x1fd;

    /** CR0 bits. */
    static final int CR0_SMMUEN = 1;
    static final int CR0_PRIQEN = 1 << 1;
    static final int CR0_EVTQEN = 1 << 2;
    static final int CR0_CMDQEN = 1 << 3;

    /** IDR0 fields. */
    static final int IDR0_S1P = 1 << 1;
    static final int IDR0_TTF_AARCH64 = 2 << 2;
    static final int IDR0_COHACC = 1 << 4;
    static final int IDR0_ATS = 1 << 10;
    static final int IDR0_ASID16 = 1 << 12;
    static final int IDR0_PRI = 1 << 16;
    static final int IDR0_CD2L = 1 << 19;
    static final int IDR0_STALL_MODEL_SHIFT = 24;
    static final int IDR0_ST_LVL_2 = 1 << 27;
    /** IDR1 field shifts (each a log2 size). */
    static final int IDR1_SSIDSIZE_SHIFT = 6;
    static final int IDR1_PRIQS_SHIFT = 11;
    static final int IDR1_EVTQS_SHIFT = 16;
    static final int IDR1_CMDQS_SHIFT = 21;
    /** IDR5: OAS 48 bits (0b101) and the 4 KiB granule. */
    static final int IDR5_OAS_48 = 5;
    static final int IDR5_GRAN4K = 1 << 4;

    /** Queue base: address bits [51:5], LOG2SIZE [4:0]. */
    static final long Q_BASE_ADDR_MASK = 0x000f_ffff_ffff_ffe0L;
    static final long Q_BASE_LOG2SIZE_MASK = 0x1f;
    /** PROD.OVFLG / CONS.OVACKFLG. */
    static final int Q_OVF = 1 << 31;
    /** CMDQ_CONS.ERR [30:24]. */
    static final int CMDQ_CONS_ERR_SHIFT = 24;
    static final int CERROR_ILL = 1;
    static final int CERROR_ATC_INV_SYNC = 3;

    /** STRTAB_BASE_CFG: LOG2SIZE [5:0], SPLIT [10:6], FMT [17:16]. */
    static final int STRTAB_SPLIT_SHIFT = 6;
    static final int STRTAB_FMT_SHIFT = 16;
    static final int STRTAB_FMT_2LVL = 1;

    /** STE bytes, CD bytes, L1 stream table descriptor bytes. */
    static final int STE_BYTES = 64;
    static final int CD_BYTES = 64;
    static final int L1STD_BYTES = 8;
    /** STE word 0: V, Config [3:1], S1Fmt [5:4], S1ContextPtr [51:6], S1CDMax [63:59]. */
    static final int STE_CONFIG_SHIFT = 1;
    static final int STE_CONFIG_ABORT = 0b000;
    static final int STE_CONFIG_BYPASS = 0b100;
    static final int STE_CONFIG_S1 = 0b101;
    static final long STE_S1CTXPTR_MASK = 0x000f_ffff_ffff_ffc0L;
    static final int STE_S1CDMAX_SHIFT = 59;
    /** STE word 1: S1STALLD (27), EATS [29:28] (0b01 full ATS). */
    static final long STE1_S1STALLD = 1L << 27;
    static final int STE1_EATS_SHIFT = 28;
    /** CD word 0: T0SZ [5:0], EPD0 (14), V (31), AA64 (41), S (44), R (45), A (46), ASID [63:48]. */
    static final long CD0_EPD0 = 1L << 14;
    static final long CD0_V = 1L << 31;
    static final long CD0_AA64 = 1L << 41;
    static final long CD0_S = 1L << 44;
    static final long CD0_R = 1L << 45;
    static final long CD0_A = 1L << 46;
    static final int CD0_ASID_SHIFT = 48;
    /** CD word 1: TTB0 [51:4]. */
    static final long CD1_TTB0_MASK = 0x000f_ffff_ffff_fff0L;

    /** Command opcodes (IHI 0070 chapter 4). */
    static final int CMD_CFGI_STE = 0x03;
    static final int CMD_CFGI_ALL = 0x04;
    static final int CMD_CFGI_CD = 0x05;
    static final int CMD_TLBI_NH_ASID = 0x11;
    static final int CMD_TLBI_NH_VA = 0x12;
    static final int CMD_ATC_INV = 0x40;
    static final int CMD_PRI_RESP = 0x41;
    static final int CMD_RESUME = 0x44;
    static final int CMD_SYNC = 0x46;
    /** PRI_RESP codes (word 1 [13:12]). */
    static final int PRI_RESP_DENY = 0;
    static final int PRI_RESP_FAIL = 1;
    static final int PRI_RESP_SUCC = 2;
    /** RESUME actions (word 0 [13:12]). */
    static final int RESUME_TERM = 0;
    static final int RESUME_RETRY = 1;
    static final int RESUME_ABORT = 2;

    /** Event ids (IHI 0070 chapter 7). */
    static final int EVT_C_BAD_STREAMID = 0x02;
    static final int EVT_C_BAD_STE = 0x04;
    static final int EVT_C_BAD_SUBSTREAMID = 0x08;
    static final int EVT_C_BAD_CD = 0x0a;
    static final int EVT_F_TRANSLATION = 0x10;
    static final int EVT_F_PERMISSION = 0x13;
    /** Event word 1: STAG [15:0], Stall (31), RnW (35). */
    static final long EVT1_STALL = 1L << 31;
    static final long EVT1_RNW = 1L << 35;
    /** Event record bytes, PRI record bytes, command bytes. */
    static final int EVT_BYTES = 32;
    static final int PRI_BYTES = 16;
    static final int CMD_BYTES = 16;
    /** PRI record word 0: SID [31:0], SSID [51:32], READ (60), WRITE (61), LAST (62), SSID_V (63). */
    static final long PRI0_READ = 1L << 60;
    static final long PRI0_WRITE = 1L << 61;
    static final long PRI0_LAST = 1L << 62;
    static final long PRI0_SSV = 1L << 63;
    /** Substream-valid bit of commands (word 0 bit 11). */
    static final long CMD_SSV = 1L << 11;

    private Regs() {
    }

    /** Bits {@code [hi:lo]} of {@code v}. */
    static long field(long v, int hi, int lo) {
        return (v >>> lo) & ((1L << (hi - lo + 1)) - 1);
    }
}
