package org.iopf.plugin.hmm;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code hmm-ping-pong} workload honours the workload contract on two nodes with different policies. */
final class PingPongWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: fingerprint}
                    gpu: {type: hmm-device, params: {deviceMemory: 256MiB, policy: ping-pong-guard, pingPongThreshold: 2}}
                  - name: node2
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: fingerprint}
                    gpu: {type: hmm-device, params: {deviceMemory: 256MiB, policy: always}}
                """;
    }

    @Override
    public String workloadType() {
        return "hmm-ping-pong";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "compareNode", "node2", "size", "4MiB", "hotFraction", "0.25", "rounds", "3");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("size", "0", "rounds", "0", "hotFraction", "1.5", "compareNode", "node-that-is-not-there");
    }
}
