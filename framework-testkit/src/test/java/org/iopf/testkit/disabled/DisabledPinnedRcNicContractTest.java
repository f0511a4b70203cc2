package org.iopf.testkit.disabled;

import org.iopf.testkit.NicContract;
import org.junit.jupiter.api.Disabled;

/**
 * A disabled NIC suite for {@code pinned-rc-nic}: it runs no check, so {@code ContractCoverageTest}
 * proves that {@link org.iopf.testkit.ContractCoverage} does not count it as coverage.
 */
@Disabled("a fixture of ContractCoverageTest: a disabled suite covers nothing")
final class DisabledPinnedRcNicContractTest implements NicContract {
    @Override
    public String nicPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    nic0: {type: pinned-rc-nic}
                    faults: {type: terminate}
                """;
    }
}
