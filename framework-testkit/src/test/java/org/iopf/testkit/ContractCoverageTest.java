package org.iopf.testkit;

import org.junit.jupiter.api.Test;

/**
 * Every reference component of core runs the contract of each role it fills, and every built-in
 * workload its own.
 */
final class ContractCoverageTest {
    @Test
    void everyTypeRunsItsRoleContract() {
        ContractCoverage.requireComplete(ContractCoverageTest.class, "org.iopf.core");
    }
}
