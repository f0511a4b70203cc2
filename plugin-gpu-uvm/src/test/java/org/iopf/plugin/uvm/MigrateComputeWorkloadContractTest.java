package org.iopf.plugin.uvm;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code uvm-migrate-compute} workload honours the workload contract on a small GPU. */
final class MigrateComputeWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [512MiB], content: fingerprint}
                    gpu: {type: uvm-gpu, params: {deviceMemory: 8MiB, sms: 8, warpsPerSm: 8}}
                    faults: {type: uvm-driver}
                """;
    }

    @Override
    public String workloadType() {
        return "uvm-migrate-compute";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "size", "2MiB", "accessBytes", "1KiB");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("size", "0", "accessBytes", "8KiB");
    }
}
