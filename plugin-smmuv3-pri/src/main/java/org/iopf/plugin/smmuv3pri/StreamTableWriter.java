package org.iopf.plugin.smmuv3pri;

import java.util.HashMap;
import java.util.Map;

/**
 * The driver's half of the stream table and the CD tables (arm-smmu-v3.c's
 * {@code arm_smmu_init_strtab_linear}/{@code _2lvl}, {@code arm_smmu_write_ste},
 * {@code arm_smmu_write_ctx_desc}): a linear table of 2^SIDSIZE STEs, or a level-1 table of
 * descriptors, each pointing at a level-2 table of 2^SPLIT STEs allocated when a stream of its
 * range is first attached; one linear CD table of 2^SSIDSIZE CDs per stream.
 */
final class StreamTableWriter {
    /** Linux's STRTAB_SPLIT. */
    static final int SPLIT = 8;

    private final ModelledMemory memory;
    private final boolean twoLevel;
    private final int sidBits;
    private final int ssidBits;
    private final long base;
    private final Map<Integer, Long> cdTables = new HashMap<>();

    StreamTableWriter(ModelledMemory memory, boolean twoLevel, int sidBits, int ssidBits) {
        this.memory = memory;
        this.twoLevel = twoLevel;
        this.sidBits = sidBits;
        this.ssidBits = ssidBits;
        if (!twoLevel && sidBits > 14) {
            throw new IllegalArgumentException("a linear stream table of 2^" + sidBits
                    + " STEs does not fit 1 MiB; use streamTable: 2-level or sidBits <= 14");
        }
        this.base = memory.coherent(twoLevel ? (long) Regs.L1STD_BYTES << Math.max(sidBits - SPLIT, 0)
                : (long) Regs.STE_BYTES << sidBits);
    }

    long base() {
        return base;
    }

    /** STRTAB_BASE_CFG: FMT, SPLIT and LOG2SIZE. */
    long baseCfg() {
        return twoLevel ? (long) Regs.STRTAB_FMT_2LVL << Regs.STRTAB_FMT_SHIFT | SPLIT << Regs.STRTAB_SPLIT_SHIFT
                | sidBits : sidBits;
    }

    /** The address of stream {@code sid}'s STE, allocating its level-2 table if needed. */
    long ste(int sid) {
        if (!twoLevel) {
            return base + (long) Regs.STE_BYTES * sid;
        }
        long l1 = base + (long) Regs.L1STD_BYTES * (sid >>> SPLIT);
        long d = memory.read(l1);
        if ((d & 0x1f) == 0) {
            long l2 = memory.coherent((long) Regs.STE_BYTES << SPLIT);
            d = l2 | (SPLIT + 1);
            memory.write(l1, d);
        }
        return (d & Regs.STE_S1CTXPTR_MASK) + (long) Regs.STE_BYTES * (sid & ((1 << SPLIT) - 1));
    }

    /** Writes a stage-1 STE for {@code sid} over its CD table. */
    void writeSte(int sid, boolean ats, boolean stallDisabled) {
        long cds = cdTables.computeIfAbsent(sid, s -> memory.coherent((long) Regs.CD_BYTES << ssidBits));
        long ste = ste(sid);
        memory.write(ste + 8, (ats ? 1L << Regs.STE1_EATS_SHIFT : 0) | (stallDisabled ? Regs.STE1_S1STALLD : 0));
        memory.write(ste, 1 | Regs.STE_CONFIG_S1 << Regs.STE_CONFIG_SHIFT | cds | (long) ssidBits << Regs.STE_S1CDMAX_SHIFT);
    }

    /** Writes an aborting STE (a detached stream). */
    void abortSte(int sid) {
        memory.write(ste(sid), 1 | Regs.STE_CONFIG_ABORT << Regs.STE_CONFIG_SHIFT);
    }

    /** Writes the CD of {@code ssid} for {@code sid}: 48-bit VA, 4 KiB granule, AArch64, TTB0, ASID, S. */
    void writeCd(int sid, int ssid, long ttb0, int asid, boolean stall) {
        long cd = cdTables.get(sid) + (long) Regs.CD_BYTES * ssid;
        memory.write(cd + 8, ttb0 & Regs.CD1_TTB0_MASK);
        memory.write(cd, 16 | Regs.CD0_V | Regs.CD0_AA64 | Regs.CD0_R | Regs.CD0_A | (stall ? Regs.CD0_S : 0)
                | (long) asid << Regs.CD0_ASID_SHIFT);
    }
}
