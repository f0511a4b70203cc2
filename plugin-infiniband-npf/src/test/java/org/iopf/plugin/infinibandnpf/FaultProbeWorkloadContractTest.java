package org.iopf.plugin.infinibandnpf;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code ib-fault-probe} workload honours the workload contract. */
final class FaultProbeWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 100Gbps, latency: 500ns, loss: 0.0}
                  switchLatency: 300ns
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [1GiB], content: bytes}
                    nic0: {type: ib-npf-hca}
                  - name: node2
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [1GiB], content: bytes}
                    nic0: {type: ib-npf-hca}
                """;
    }

    @Override
    public String workloadType() {
        return "ib-fault-probe";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "node1", "target", "node2", "messageSize", "4KiB", "messages", "4", "verb", "write");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "messageSize", "0", "bulkSize", "-1");
    }
}
