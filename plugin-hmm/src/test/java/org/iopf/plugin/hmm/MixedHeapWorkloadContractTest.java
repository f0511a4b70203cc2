package org.iopf.plugin.hmm;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code hmm-mixed} workload honours the workload contract with a small heap. */
final class MixedHeapWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 2}]
                    memory: {numa: [1GiB], content: bytes}
                    gpu: {type: hmm-device, params: {deviceMemory: 256MiB}}
                """;
    }

    @Override
    public String workloadType() {
        return "hmm-mixed";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "heapSize", "2MiB", "maxObject", "64KiB", "sharedFraction", "0.125");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("heapSize", "0", "maxObject", "1KiB", "sharedFraction", "1.5");
    }
}
