package org.iopf.plugin.dmaplane;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code dmaplane-credit-stream} workload honours the workload contract. */
final class CreditStreamWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 10Gbps, latency: 14.5us, loss: 0.0}
                  switchLatency: 1us
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [2GiB]}
                    dmaplane: {type: dmaplane, params: {default_credits: 16}}
                  - name: node2
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [2GiB]}
                    dmaplane: {type: dmaplane, params: {default_credits: 16}}
                """;
    }

    @Override
    public String workloadType() {
        return "dmaplane-credit-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "node1", "target", "node2", "messageSize", "4KiB", "messages", "200");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "messageSize", "0", "credits", "-1");
    }
}
