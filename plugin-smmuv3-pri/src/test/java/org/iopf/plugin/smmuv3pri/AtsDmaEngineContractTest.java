package org.iopf.plugin.smmuv3pri;

import org.iopf.testkit.DmaEngineContract;

/** {@code ats-dma} honours the DMA-engine contract on an {@code smmuv3} with the {@code linux-iopf} handler. */
final class AtsDmaEngineContractTest implements DmaEngineContract {
    @Override
    public String dmaPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu: {type: smmuv3}
                    dma: {type: ats-dma}
                    faults: {type: linux-iopf}
                """;
    }
}
