package org.iopf.plugin.zynqsmmu;

import org.iopf.testkit.IommuContract;

/**
 * {@code zynq-smmu} honours the IOMMU contract as the ExaNeSt node runs it: stall mode, pipelining,
 * negative caching, 2 MiB blocks (every parameter at its default).
 */
final class ZynqSmmuIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: zynq-smmu}
                    faults: {type: terminate}
                """;
    }
}
