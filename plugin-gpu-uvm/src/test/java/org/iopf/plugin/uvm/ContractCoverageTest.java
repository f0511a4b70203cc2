package org.iopf.plugin.uvm;

import org.iopf.testkit.ContractCoverage;
import org.junit.jupiter.api.Test;

/** Every component type runs the contract of each role it fills, and every workload type its own. */
final class ContractCoverageTest {
    @Test
    void everyTypeRunsItsRoleContract() {
        ContractCoverage.requireComplete(ContractCoverageTest.class, "org.iopf.plugin.uvm");
    }
}
