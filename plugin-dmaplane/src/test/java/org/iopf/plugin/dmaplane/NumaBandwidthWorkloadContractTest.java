package org.iopf.plugin.dmaplane;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code dmaplane-numa-bandwidth} workload honours the workload contract with small buffers. */
final class NumaBandwidthWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory:
                      numa: [1GiB, 1GiB]
                      distances:
                        - [10, 16]
                        - [16, 10]
                    dmaplane: {type: dmaplane}
                """;
    }

    @Override
    public String workloadType() {
        return "dmaplane-numa-bandwidth";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "smallSize", "256KiB", "largeSize", "4MiB", "passes", "2", "cpuNode", "0",
                "remoteNode", "1");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("passes", "0", "smallSize", "0", "remoteNode", "0", "cpuNode", "5");
    }
}
