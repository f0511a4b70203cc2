package org.iopf.plugin.zynqsmmu;

import org.iopf.testkit.IommuContract;

/**
 * {@code zynq-smmu} honours the IOMMU contract in its other configurations too: terminate mode
 * (the device hears TERMINATE from the SMMU itself), stage 2, no negative caching, 4 KiB pages only,
 * a small TLB that evicts.
 */
final class ZynqSmmuTerminateModeIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu:
                      type: zynq-smmu
                      params: {faultMode: terminate, stage: stage2, negativeCaching: false, blockMappings: false,
                               tlbEntries: 16, tlbWays: 2}
                    faults: {type: terminate}
                """;
    }
}
