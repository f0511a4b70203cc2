package org.iopf.testkit.reference;

import org.iopf.testkit.IommuContract;

/** The reference {@code premapped-iommu} honours the IOMMU contract. */
final class PremappedIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    iommu: {type: premapped-iommu}
                    faults: {type: terminate}
                """;
    }
}
