package org.iopf.testkit.reference;

import org.iopf.testkit.FaultHandlerContract;

/** The reference {@code demand-paging} handler honours the fault-handler contract behind {@code premapped-iommu}. */
final class DemandPagingFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    iommu: {type: premapped-iommu}
                    faults: {type: demand-paging}
                """;
    }
}
