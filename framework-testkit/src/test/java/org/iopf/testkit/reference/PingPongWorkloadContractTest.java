package org.iopf.testkit.reference;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The core workload {@code ping-pong} honours the workload contract on the pinned baseline. */
final class PingPongWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return ReferencePlatforms.PINNED_PAIR;
    }

    @Override
    public String workloadType() {
        return "ping-pong";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "node1", "target", "node2", "messageSize", "64B", "messages", "50", "verb", "send");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "messageSize", "0");
    }
}
