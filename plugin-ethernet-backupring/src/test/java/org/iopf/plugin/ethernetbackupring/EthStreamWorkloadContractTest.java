package org.iopf.plugin.ethernetbackupring;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/**
 * The {@code eth-stream} workload honours the workload contract: a short stream through the backup
 * ring into a cold buffer, checked on every delivery.
 */
final class EthStreamWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 10Gbps, latency: 500ns, loss: 0.0}
                  switchLatency: 300ns
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    iommu: {type: premapped-iommu}
                    nic0: {type: eth-nic}
                    faults: {type: eth-os-faults}
                  - name: node2
                    cores: [{cluster: cpu, count: 2}]
                    memory:
                      numa: [1GiB, 1GiB]
                      distances: [[10, 21], [21, 10]]
                      content: bytes
                    iommu: {type: premapped-iommu}
                    nic0: {type: eth-nic}
                    faults: {type: eth-os-faults}
                """;
    }

    @Override
    public String workloadType() {
        return "eth-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "node1", "target", "node2", "bytes", "2MiB", "bufferSize", "512KiB",
                "mode", "backup-ring", "trigger", "startup", "verify", "delivery", "sampleInterval", "100us");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("bytes", "0", "bufferSize", "0");
    }
}
