package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.ContractCoverage;
import org.junit.jupiter.api.Test;

/** Every component type of the plugin runs the contract of each role it fills. */
final class ContractCoverageTest {
    @Test
    void everyTypeRunsItsRoleContract() {
        ContractCoverage.requireComplete(ContractCoverageTest.class, "org.iopf.plugin.smmuv3pri");
    }
}
