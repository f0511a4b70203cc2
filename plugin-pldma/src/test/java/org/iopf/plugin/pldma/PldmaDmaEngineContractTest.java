package org.iopf.plugin.pldma;

import org.iopf.testkit.DmaEngineContract;

/**
 * The PLDMA honours the DMA-engine contract: two ExaNeSt-like nodes (4 A53 + 2 R5 cores) with the
 * reference IOMMU and demand paging, the transfers going from node1 to node2 over the fabric.
 */
final class PldmaDmaEngineContractTest implements DmaEngineContract {
    @Override
    public String dmaPlatform() {
        return """
                fabric:
                  link: {rate: 10Gbps, latency: 500ns, loss: 0.0}
                  switchLatency: 300ns
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [2GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: pldma}
                    faults: {type: demand-paging, params: {core: a53.1}}
                  - name: node2
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [2GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    dma: {type: pldma}
                    faults: {type: demand-paging, params: {core: a53.1}}
                """;
    }

    @Override
    public String destinationNode() {
        return "node2";
    }
}
