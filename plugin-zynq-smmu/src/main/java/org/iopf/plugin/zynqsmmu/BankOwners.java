package org.iopf.plugin.zynqsmmu;

import java.util.OptionalInt;
import org.iopf.api.iommu.DomainId;

/**
 * What the SMMU hardware asks the driver's side when it records a fault: which protection domain
 * and which process a context bank serves. Narrow on purpose: the hardware knows banks, the driver
 * knows domains.
 */
interface BankOwners {
    /** The domain given {@code bank} ({@code -1}: none), or a domain named after the bank if none was. */
    DomainId domainOf(int bank);

    /** The pid of the process {@code bank} translates for, if it translates for one. */
    OptionalInt pidOf(int bank);
}
