package org.iopf.plugin.zynqsmmu;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The workload {@code dma-reuse-stream} honours the workload contract on a Zynq node with the ExaNeSt path. */
final class DmaReuseStreamWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 10Gbps, latency: 500ns, loss: 0.0}
                  switchLatency: 300ns
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    smmu: {type: zynq-smmu, params: {walkCacheEntries: 64}}
                    dma: {type: plain-dma}
                    faults: {type: exanest-faults}
                """;
    }

    @Override
    public String workloadType() {
        return "dma-reuse-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "blocks", "2", "rounds", "2");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("blocks", "0", "rounds", "0", "blockSize", "4MiB");
    }
}
