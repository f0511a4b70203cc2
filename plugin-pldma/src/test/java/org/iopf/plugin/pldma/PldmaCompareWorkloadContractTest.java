package org.iopf.plugin.pldma;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code pldma-compare} workload honours the workload contract, with a small capacity probe. */
final class PldmaCompareWorkloadContractTest implements WorkloadContract {
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
                    memory: {numa: [1GiB], content: bytes, manager: {pinnableLimit: 4MiB}}
                    iommu: {type: premapped-iommu}
                    dma: {type: pldma}
                    faults: {type: demand-paging, params: {core: a53.1}}
                  - name: node2
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB], content: bytes, manager: {pinnableLimit: 4MiB}}
                    iommu: {type: premapped-iommu}
                    dma: {type: pldma}
                    faults: {type: demand-paging, params: {core: a53.1}}
                """;
    }

    @Override
    public String workloadType() {
        return "pldma-compare";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("streams", "2", "faultingStreams", "2", "messageSize", "16KiB", "messages", "4",
                "concurrency", "2", "probeTransfers", "300");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("probeTransfers", "0", "probeSize", "0", "messages", "0", "faultingStreams", "3");
    }
}
