package com.example.iopf.prefetch;

import org.iopf.testkit.ContractCoverage;
import org.junit.jupiter.api.Test;

/** Every type of this plugin runs the contract of each role it fills (a new type without one fails here). */
final class ContractCoverageTest {
    @Test
    void everyTypeRunsItsRoleContract() {
        ContractCoverage.requireComplete(ContractCoverageTest.class, ContractCoverageTest.class.getPackageName());
    }
}
