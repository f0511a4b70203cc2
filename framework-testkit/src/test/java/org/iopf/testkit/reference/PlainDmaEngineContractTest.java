package org.iopf.testkit.reference;

import org.iopf.testkit.DmaEngineContract;

/** Core's {@code plain-dma} honours the DMA-engine contract on the reference IOMMU with demand paging. */
final class PlainDmaEngineContractTest implements DmaEngineContract {
    @Override
    public String dmaPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: plain-dma}
                    faults: {type: demand-paging}
                """;
    }
}
