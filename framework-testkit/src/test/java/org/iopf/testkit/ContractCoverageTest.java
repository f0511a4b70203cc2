package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Every reference component (framework-reference) runs the contract of each role it fills, and every built-in
 * workload its own; the check itself names what it requires.
 */
final class ContractCoverageTest {
    @Test
    void everyTypeRunsItsRoleContract() {
        ContractCoverage.requireComplete(ContractCoverageTest.class, "org.iopf.reference");
    }

    @Test
    void theReferenceModuleRequiresEachReferenceComponentInItsRoleAndEachBuiltInWorkload() {
        assertThat(ContractCoverage.requiredPairs(getClass().getClassLoader(), "org.iopf.reference"))
                .containsExactlyInAnyOrder(
                "demand-paging as FAULT_HANDLER", "dma-copy-stream as WORKLOAD", "pinned-buffers as BUFFER_MANAGER",
                "pinned-rc-nic as NIC", "ping-pong as WORKLOAD", "plain-dma as DMA_ENGINE",
                "premapped-iommu as IOMMU", "rdma-read-stream as WORKLOAD", "rdma-write-stream as WORKLOAD",
                "terminate as FAULT_HANDLER");
    }

    @Test
    void aDisabledSuiteCoversNothing() throws ClassNotFoundException {
        Class<?> anchor = Class.forName("org.iopf.testkit.disabled.DisabledPinnedRcNicContractTest");
        assertThatThrownBy(() -> ContractCoverage.requireComplete(anchor, "org.iopf.reference.rc"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("[pinned-rc-nic as NIC]")
                .hasMessageContaining("(covered: [])");
    }

    @Test
    void aPackageWithoutTypesIsAnErrorNotAPass() {
        assertThatThrownBy(() -> ContractCoverage.requireComplete(ContractCoverageTest.class, "org.iopf.nothing"))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("no component or workload type of package org.iopf.nothing");
    }
}
