package org.iopf.testkit.reference;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The core workload {@code rdma-read-stream} honours the workload contract on the pinned baseline. */
final class RdmaReadStreamWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return ReferencePlatforms.PINNED_PAIR;
    }

    @Override
    public String workloadType() {
        return "rdma-read-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("source", "node1", "target", "node2", "messageSize", "64KiB", "messages", "8",
                "concurrency", "2");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "messageSize", "0", "concurrency", "0", "resident", "1.5");
    }
}
