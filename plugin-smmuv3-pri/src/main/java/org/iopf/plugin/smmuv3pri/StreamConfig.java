package org.iopf.plugin.smmuv3pri;

/**
 * What the SMMU fetched for one transaction's stream and substream: the decoded STE and CD, or the
 * configuration error event it raised (IHI 0070 §5.2 STE, §5.4 CD).
 *
 * @param event 0 when valid, else the C_BAD_* event id
 * @param steWord1 the STE's word 1 (EATS, S1STALLD)
 * @param ttb0 the CD's translation table base
 * @param asid the CD's ASID
 * @param stall the CD's S bit (stall faulting transactions)
 * @param inputBits 64 - T0SZ
 * @param reads structure words read from memory to fetch it
 */
record StreamConfig(int event, long steWord1, long ttb0, int asid, boolean stall, int inputBits, int reads) {
    static StreamConfig error(int event, int reads) {
        return new StreamConfig(event, 0, 0, 0, false, 0, reads);
    }

    boolean valid() {
        return event == 0;
    }

    /** STE.EATS is full ATS (0b01). */
    boolean ats() {
        return Regs.field(steWord1, 29, Regs.STE1_EATS_SHIFT) == 1;
    }

    /** Stalls may be recorded: CD.S set and STE.S1STALLD clear. */
    boolean stalls() {
        return stall && (steWord1 & Regs.STE1_S1STALLD) == 0;
    }
}
