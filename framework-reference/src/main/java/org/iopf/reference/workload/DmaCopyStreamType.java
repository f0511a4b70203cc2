package org.iopf.reference.workload;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
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
    static final Parameter<String> NODE = Parameter.node("node", "node whose DMA engine copies").byDefault("node1");
    static final WorkloadParameters.Traffic TRAFFIC = WorkloadParameters.Traffic.of("blockSize", "64KiB",
            "bytes per DMA transfer", "64", "number of blocks copied", "4", "transfers in flight at once",
            "attach the process to the IOMMU without pinning or mapping its buffers (needs an IOMMU that walks the "
                    + "process page table and faults)");
    /** DMA channels used. */
    static final Parameter<Integer> CHANNELS = Parameter.count("channels",
            "DMA channels used, slot i on channel i mod channels (at most the engine's channels per domain)")
            .byDefault("1").range(1, 1024).from(Source.assumption("one channel, the simplest baseline"));
    /** The device stream id. */
    static final Parameter<Integer> STREAM_ID = Parameter.count("streamId",
            "IOMMU stream id the workload's device transactions carry (a 16-bit PCIe requester id)").byDefault("1")
            .range(0, 65_535).from(Source.assumption("any id; one device per node"));
    /** The IOMMU domain id. */
    static final Parameter<Integer> DOMAIN_ID = Parameter.count("domainId",
            "IOMMU protection domain the stream is attached to (16 bits, as an SMMU's ASID/VMID)").byDefault("1")
            .range(0, 65_535).from(Source.assumption("any id; one domain per node"));

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
        return Parameter.specs(NODE, TRAFFIC.size(), TRAFFIC.messages(), TRAFFIC.concurrency(), CHANNELS, STREAM_ID,
                DOMAIN_ID, WorkloadParameters.RESIDENT, WorkloadParameters.PINNED, TRAFFIC.onDemand());
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(WorkloadRequirements.withBuffers(NodeRequirement.on(NODE.name(), "copies with it")
                .role(Role.DMA_ENGINE).role(Role.IOMMU), parameters, TRAFFIC, 2));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new DmaCopyStream(context);
    }
}
