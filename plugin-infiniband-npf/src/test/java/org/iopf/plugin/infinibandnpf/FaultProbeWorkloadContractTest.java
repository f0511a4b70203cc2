package org.iopf.plugin.infinibandnpf;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The {@code ib-fault-probe} workload honours the workload contract. */
final class FaultProbeWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return NpfHcaNicContractTest.TWO_HCAS;
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
