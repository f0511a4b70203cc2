package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.IommuContract;

/** {@code smmuv3} honours the IOMMU contract at its defaults (2-level stream table, stalls on). */
final class Smmuv3IommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3}
                    faults: {type: terminate}
                """;
    }
}
