package org.iopf.testkit.reference;

import org.iopf.testkit.DmaEngineContract;

/**
 * Core's {@code plain-dma} with 2 channels and 4 transfers in flight at most: the contract's
 * transfers then meet {@code BUSY} and are submitted again as earlier ones complete, and the burst
 * test reaches the engine's limit with few transfers.
 */
final class PlainDmaEngineFewSlotsContractTest implements DmaEngineContract {
    @Override
    public String dmaPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: plain-dma, params: {channelsPerDomain: 2, maxConcurrentTransfers: 4}}
                    faults: {type: demand-paging}
                """;
    }
}
