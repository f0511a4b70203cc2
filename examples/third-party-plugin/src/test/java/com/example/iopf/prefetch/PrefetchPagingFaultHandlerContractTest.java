package com.example.iopf.prefetch;

import org.iopf.testkit.FaultHandlerContract;

/** {@code prefetch-paging} honours the fault-handler role: the testkit's suite runs here. */
final class PrefetchPagingFaultHandlerContractTest implements FaultHandlerContract {
    @Override
    public String faultHandlerPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: plain-dma}
                    faults: {type: prefetch-paging, params: {depth: 4}}
                """;
    }

    @Override
    public boolean resolvesFaults() {
        return true;
    }
}
