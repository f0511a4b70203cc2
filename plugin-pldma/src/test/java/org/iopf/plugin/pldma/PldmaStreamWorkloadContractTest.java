package org.iopf.plugin.pldma;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code pldma-stream} workload honours the workload contract: two streams, one of them faulting. */
final class PldmaStreamWorkloadContractTest implements WorkloadContract {
    /** Two Zynq-like nodes with PLDMA engines on a 10 Gbps fabric; pldma-compare runs on them too. */
    static final String TWO_ZYNQ_NODES = """
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

    @Override
    public String workloadPlatform() {
        return TWO_ZYNQ_NODES;
    }

    @Override
    public String workloadType() {
        return "pldma-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("streams", "2", "faultingStreams", "1", "messageSize", "16KiB", "messages", "8",
                "concurrency", "2");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "messageSize", "0", "concurrency", "0", "streams", "0", "faultingStreams", "3");
    }
}
