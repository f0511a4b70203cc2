package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import org.iopf.api.fault.FaultDetail;

/**
 * What an MMU-500 adds to a fault it records in a context bank: the bank, whose FSR/FAR/FSYNR0
 * hold the syndrome, and the register file the driver's interrupt handler reads and clears them
 * through (as Linux's {@code arm_smmu_context_fault} does).
 *
 * @param bank the context bank that recorded the fault
 * @param registers the SMMU's registers
 */
record ContextBankFault(int bank, RegisterFile registers) implements FaultDetail {
    ContextBankFault {
        if (bank < 0) {
            throw new IllegalArgumentException("bank must be >= 0: " + bank);
        }
        Objects.requireNonNull(registers, "registers is null");
    }
}
