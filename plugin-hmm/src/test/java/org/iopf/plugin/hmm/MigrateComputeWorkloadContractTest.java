package org.iopf.plugin.hmm;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code hmm-migrate-compute} workload honours the workload contract with a small working set. */
final class MigrateComputeWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [2GiB], content: fingerprint}
                    gpu: {type: hmm-device, params: {deviceMemory: 1GiB, batchSize: 2MiB}}
                """;
    }

    @Override
    public String workloadType() {
        return "hmm-migrate-compute";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "size", "64MiB", "filled", "4MiB", "hostSize", "32MiB");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("size", "0", "hostSize", "0");
    }
}
