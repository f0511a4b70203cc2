package org.iopf.plugin.pldma;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code pldma-compare} workload honours the workload contract, with a small capacity probe. */
final class PldmaCompareWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return PldmaStreamWorkloadContractTest.TWO_ZYNQ_NODES;
    }

    @Override
    public String workloadType() {
        return "pldma-compare";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("streams", "2", "faultingStreams", "2", "messageSize", "16KiB", "messages", "4",
                "concurrency", "2", "probeTransfers", "300");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("probeTransfers", "0", "probeSize", "0", "messages", "0", "faultingStreams", "3");
    }
}
