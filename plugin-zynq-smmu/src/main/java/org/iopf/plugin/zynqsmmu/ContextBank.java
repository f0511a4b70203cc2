package org.iopf.plugin.zynqsmmu;

import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

/**
 * The register file of one SMMU context bank (seed 000 §2.2): SCTLR, TCR/TCR2, TTBR0, MAIR0, the
 * fault registers FSR/FAR/FSYNR0, and the bank's GR1 attributes CBAR/CBA2R. Registers hold exactly
 * what software wrote, except the FSR, whose fault bits are set by the hardware and cleared by
 * writing 1s.
 */
final class ContextBank {
    private final int index;
    long sctlr;
    long actlr;
    long tcr2;
    long ttbr0;
    long tcr;
    long mair0;
    long fsr;
    long far;
    long fsynr0;
    long cbar;
    long cba2r;

    ContextBank(int index) {
        this.index = index;
    }

    int index() {
        return index;
    }

    /** Reads a register of the bank's page; unknown offsets read as zero. */
    long read(long register) {
        if (register == CB_SCTLR) {
            return sctlr;
        } else if (register == CB_ACTLR) {
            return actlr;
        } else if (register == CB_TCR2) {
            return tcr2;
        } else if (register == CB_TTBR0) {
            return ttbr0;
        } else if (register == CB_TCR) {
            return tcr;
        } else if (register == CB_MAIR0) {
            return mair0;
        } else if (register == CB_FSR) {
            return fsr;
        } else if (register == CB_FAR) {
            return far;
        } else if (register == CB_FSYNR0) {
            return fsynr0;
        }
        return 0;
    }

    /**
     * Writes a plain register of the bank's page.
     *
     * @return whether the offset is a plain register (RESUME and TLB maintenance are not)
     */
    boolean write(long register, long value) {
        if (register == CB_SCTLR) {
            sctlr = value;
        } else if (register == CB_ACTLR) {
            actlr = value;
        } else if (register == CB_TCR2) {
            tcr2 = value;
        } else if (register == CB_TTBR0) {
            ttbr0 = value;
        } else if (register == CB_TCR) {
            tcr = value;
        } else if (register == CB_MAIR0) {
            mair0 = value;
        } else if (register == CB_FSR) {
            fsr &= ~value;
        } else if (register == CB_FAR) {
            far = value;
        } else if (register == CB_FSYNR0) {
            fsynr0 = value;
        } else {
            return false;
        }
        return true;
    }

    boolean enabled() {
        return (sctlr & SCTLR_M) != 0;
    }

    boolean stallMode() {
        return (sctlr & SCTLR_CFCFG) != 0;
    }

    int type() {
        return (int) ((cbar >>> CBAR_TYPE_SHIFT) & 0x3);
    }

    /** The stage-2 bank a nested stage-1 bank continues in. */
    int stage2Bank() {
        return (int) ((cbar >>> CBAR_CBNDX_SHIFT) & 0xff);
    }

    /** The VMID of a stage-2 bank. */
    int vmid() {
        return (int) (cbar & 0xff);
    }

    int asid() {
        return (int) (ttbr0 >>> 48);
    }

    /** The translation table base address (TTBR0 without the ASID, 4 KiB aligned). */
    long tableBase() {
        return ttbr0 & 0x0000_ffff_ffff_f000L;
    }

    /** Records a fault in FSR/FAR/FSYNR0 as the hardware does; a second fault only sets MULTI. */
    void recordFault(long fsrBits, long address, long syndrome, boolean stalled) {
        if ((sctlr & SCTLR_CFRE) == 0) {
            return;
        }
        if ((fsr & FSR_FAULT) != 0) {
            fsr |= FSR_MULTI;
        } else {
            fsr |= fsrBits;
            far = address;
            fsynr0 = syndrome;
        }
        if (stalled) {
            fsr |= FSR_SS;
        }
    }

    /** The register dump line of this bank. */
    String dump() {
        return String.format("cb%-2d CBAR=0x%05x SCTLR=0x%03x[%s] TCR=0x%05x TCR2=0x%x TTBR0=0x%016x MAIR0=0x%08x "
                + "FSR=0x%08x[%s] FAR=0x%016x FSYNR0=0x%08x", index, cbar, sctlr, sctlrFlags(), tcr, tcr2, ttbr0, mair0,
                fsr, fsrFlags(fsr), far, fsynr0);
    }

    private String sctlrFlags() {
        StringBuilder s = new StringBuilder();
        flag(s, sctlr, SCTLR_M, "M");
        flag(s, sctlr, SCTLR_TRE, "TRE");
        flag(s, sctlr, SCTLR_AFE, "AFE");
        flag(s, sctlr, SCTLR_AFFD, "AFFD");
        flag(s, sctlr, SCTLR_CFRE, "CFRE");
        flag(s, sctlr, SCTLR_CFIE, "CFIE");
        s.append(stallMode() ? " STALL" : " TERMINATE");
        flag(s, sctlr, SCTLR_HUPCF, "HUPCF");
        return s.toString().strip();
    }

    /** The names of the set bits of an FSR value. */
    static String fsrFlags(long fsr) {
        StringBuilder s = new StringBuilder();
        flag(s, fsr, FSR_TF, "TF");
        flag(s, fsr, FSR_AFF, "AFF");
        flag(s, fsr, FSR_PF, "PF");
        flag(s, fsr, FSR_EF, "EF");
        flag(s, fsr, FSR_TLBMCF, "TLBMCF");
        flag(s, fsr, FSR_TLBLKF, "TLBLKF");
        flag(s, fsr, FSR_ASF, "ASF");
        flag(s, fsr, FSR_SS, "SS");
        flag(s, fsr, FSR_MULTI, "MULTI");
        return s.toString().strip();
    }

    private static void flag(StringBuilder s, long value, long bit, String name) {
        if ((value & bit) != 0) {
            s.append(' ').append(name);
        }
    }
}
