package org.iopf.plugin.zynqsmmu;

/**
 * How one stage of a context bank walks its tables, decoded from the bank's registers.
 *
 * @param root physical (stage 1: intermediate physical, when nested) address of the first table
 * @param startLevel the level the walk starts at, 0..2
 * @param inputBits input address size in bits (64 - T0SZ)
 * @param outputBits output address size in bits (TCR2.PASize or VTCR.PS)
 * @param stage2 whether descriptors are stage-2 format (S2AP) rather than stage-1 (AP)
 * @param accessFlagFaults whether an entry with AF = 0 faults (SCTLR.AFFD clear)
 * @param walksDisabled whether TCR.EPD0 disables walks from TTBR0 (stage 1 only): every address faults
 */
record WalkConfig(long root, int startLevel, int inputBits, int outputBits, boolean stage2, boolean accessFlagFaults,
        boolean walksDisabled) {
    WalkConfig {
        if (startLevel < 0 || startLevel > 2) {
            throw new IllegalArgumentException("start level must be 0..2: " + startLevel);
        }
    }

    /** A configuration whose TTBR0 walks are enabled. */
    WalkConfig(long root, int startLevel, int inputBits, int outputBits, boolean stage2, boolean accessFlagFaults) {
        this(root, startLevel, inputBits, outputBits, stage2, accessFlagFaults, false);
    }
}
