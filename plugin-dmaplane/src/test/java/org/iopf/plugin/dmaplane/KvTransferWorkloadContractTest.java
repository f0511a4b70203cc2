package org.iopf.plugin.dmaplane;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code dmaplane-kv-transfer} workload honours the workload contract: a small model, few tokens. */
final class KvTransferWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return """
                seed: 1
                fabric:
                  link: {rate: 10Gbps, latency: 14.5us, loss: 0.0}
                  switchLatency: 1us
                nodes:
                  - name: prefill
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [2GiB], content: fingerprint}
                    dmaplane: {type: dmaplane}
                  - name: decode
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [2GiB], content: fingerprint}
                    dmaplane: {type: dmaplane}
                """;
    }

    @Override
    public String workloadType() {
        return "dmaplane-kv-transfer";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "prefill", "target", "decode", "layers", "4", "kvHeads", "4", "headDim", "64",
                "dtypeBytes", "2", "promptTokens", "16", "chunkSize", "64KiB", "window", "4");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("window", "0", "layers", "0", "kvHeads", "0", "promptTokens", "0", "chunkSize", "0");
    }
}
