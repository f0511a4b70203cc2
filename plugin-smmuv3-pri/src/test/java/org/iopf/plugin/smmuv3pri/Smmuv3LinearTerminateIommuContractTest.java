package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.IommuContract;

/** {@code smmuv3} honours the IOMMU contract with a linear stream table, no stalls and tiny caches. */
final class Smmuv3LinearTerminateIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3, params: {streamTable: linear, sidBits: 12, stallModel: terminate-only, tlbEntries: 4, walkCacheEntries: 2}}
                    faults: {type: terminate}
                """;
    }
}
