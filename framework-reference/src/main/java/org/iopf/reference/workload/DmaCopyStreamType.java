package org.iopf.reference.workload;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * Workload type {@code dma-copy-stream}: a node's DMA engine copies blocks between two buffers of
 * one process through the node's IOMMU, a fixed number in flight, with every byte checked at the
 * end. It reports the metrics listed on {@link WorkloadMeter}; {@code workload.messages} counts
 * blocks.
 *
 * @since 0.1
 */
public final class DmaCopyStreamType implements WorkloadType {
    /** The node whose DMA engine copies. */
    static final String NODE = "node";
    /** Bytes per block. */
    static final String BLOCK_SIZE = "blockSize";
    /** DMA channels used. */
    static final String CHANNELS = "channels";
    /** The device stream id. */
    static final String STREAM_ID = "streamId";
    /** The IOMMU domain id. */
    static final String DOMAIN_ID = "domainId";

    /** Creates the type; found through {@link java.util.ServiceLoader}. */
    public DmaCopyStreamType() {
    }

    @Override
    public String name() {
        return "dma-copy-stream";
    }

    @Override
    public String description() {
        return "DMA engine copies between two buffers of one process through the IOMMU, a fixed number of "
                + "blocks in flight, destination checked byte for byte at the end";
    }

    @Override
    public List<ParameterSpec> parameters() {
        List<ParameterSpec> specs = new ArrayList<>();
        specs.add(ParameterSpec.of(NODE, ParameterType.NODE, "node1", "node whose DMA engine copies", ""));
        specs.addAll(WorkloadParameters.traffic(BLOCK_SIZE, "64KiB", "bytes per DMA transfer", "64",
                "number of blocks copied", "4", "transfers in flight at once"));
        specs.add(ParameterSpec.of(CHANNELS, ParameterType.INTEGER, "1",
                "DMA channels used, slot i on channel i mod channels (at most the engine's channels per domain)",
                "").range(1, 1024));
        specs.add(ParameterSpec.of(STREAM_ID, ParameterType.INTEGER, "1",
                "IOMMU stream id the workload's device transactions carry (a 16-bit PCIe requester id)", "")
                .range(0, 65_535));
        specs.add(ParameterSpec.of(DOMAIN_ID, ParameterType.INTEGER, "1",
                "IOMMU protection domain the stream is attached to (16 bits, as an SMMU's ASID/VMID)", "")
                .range(0, 65_535));
        specs.addAll(WorkloadParameters.residency("attach the process to the IOMMU without pinning or mapping "
                + "its buffers (needs an IOMMU that walks the process page table and faults)"));
        return List.copyOf(specs);
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(WorkloadRequirements.withBuffers(NodeRequirement.on(NODE, "copies with it")
                .role(Role.DMA_ENGINE).role(Role.IOMMU), parameters, BLOCK_SIZE, 2));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new DmaCopyStream(context);
    }
}
