package org.iopf.testkit.reference;

import java.util.Map;
import org.iopf.testkit.WorkloadContract;

/** The core workload {@code dma-copy-stream} honours the workload contract on the pinned baseline. */
final class DmaCopyStreamWorkloadContractTest implements WorkloadContract {
    @Override
    public String workloadPlatform() {
        return ReferencePlatforms.PINNED_PAIR;
    }

    @Override
    public String workloadType() {
        return "dma-copy-stream";
    }

    @Override
    public Map<String, String> workloadParameters() {
        return Map.of("node", "node1", "blockSize", "64KiB", "messages", "8", "concurrency", "2");
    }

    @Override
    public Map<String, String> badParameterValues() {
        return Map.of("messages", "0", "blockSize", "0", "concurrency", "0", "channels", "0");
    }
}
