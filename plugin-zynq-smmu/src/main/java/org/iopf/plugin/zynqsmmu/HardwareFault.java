package org.iopf.plugin.zynqsmmu;

import org.iopf.api.fault.FaultKind;

/**
 * What the SMMU found wrong with a transaction, as its FSR bit, and the kind the ExaNeSt driver
 * decodes it into (seed 000 §3.2.1, FIDELITY A3): a missing entry is a recoverable
 * {@link FaultKind#TRANSLATION}; a denied access {@link FaultKind#PERMISSION}; an access flag,
 * address size or external fault {@link FaultKind#ACCESS}; a misprogrammed context or an unknown
 * stream {@link FaultKind#CONFIGURATION}.
 */
enum HardwareFault {
    /** No valid descriptor (FSR.TF). */
    TRANSLATION(SmmuRegisters.FSR_TF, FaultKind.TRANSLATION),
    /** The entry's access flag is clear (FSR.AFF). */
    ACCESS_FLAG(SmmuRegisters.FSR_AFF, FaultKind.ACCESS),
    /** The entry does not allow the access (FSR.PF). */
    PERMISSION(SmmuRegisters.FSR_PF, FaultKind.PERMISSION),
    /** The output address is beyond the physical address size, TCR2.PASize or VTCR.PS (FSR.ASF). */
    ADDRESS_SIZE(SmmuRegisters.FSR_ASF, FaultKind.ACCESS),
    /** A walk read fell outside physical memory (FSR.EF). */
    EXTERNAL(SmmuRegisters.FSR_EF, FaultKind.ACCESS),
    /** The context's TCR or CBAR cannot be used (reported as FSR.TLBMCF-class configuration fault). */
    CONFIGURATION(SmmuRegisters.FSR_TLBMCF, FaultKind.CONFIGURATION),
    /** The stream matched no SMR, or its S2CR says fault (GFSR.USF; no context bank). */
    UNMATCHED_STREAM(0, FaultKind.CONFIGURATION);

    private final long fsrBit;
    private final FaultKind kind;

    HardwareFault(long fsrBit, FaultKind kind) {
        this.fsrBit = fsrBit;
        this.kind = kind;
    }

    long fsrBit() {
        return fsrBit;
    }

    FaultKind kind() {
        return kind;
    }
}
