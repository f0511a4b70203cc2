package org.iopf.plugin.pldma;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Role;

/**
 * What the PLDMA workloads need of their two nodes, as they declare it: a {@code pldma} DMA engine
 * (the source's library drives it, the target's serves the requests) and an IOMMU that the library attaches each
 * stream's process to, with the memory of the buffers the workload maps there.
 */
final class PldmaRequirements {
    private PldmaRequirements() {
    }

    /**
     * The source and the target, each holding {@code residentBytes} of buffers, {@code pinnedBytes} of them pinned.
     */
    static List<NodeRequirement> ends(long residentBytes, long pinnedBytes) {
        return List.of(
                end(PldmaStreamWorkloadType.SOURCE.name(), "issues its requests from it", residentBytes, pinnedBytes),
                end(PldmaStreamWorkloadType.TARGET.name(), "serves its requests from it", residentBytes, pinnedBytes));
    }

    private static NodeRequirement end(String node, String purpose, long residentBytes, long pinnedBytes) {
        return NodeRequirement.on(node, purpose).componentType(Role.DMA_ENGINE, "pldma").role(Role.IOMMU)
                .memory(residentBytes, pinnedBytes);
    }
}
