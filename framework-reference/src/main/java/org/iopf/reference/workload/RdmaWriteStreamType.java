package org.iopf.reference.workload;

import java.util.List;
import org.iopf.api.nic.Opcode;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * Workload type {@code rdma-write-stream}: a stream of RDMA WRITEs from one node's NIC to
 * another's, a fixed number in flight, with every byte checked at the end. It reports the metrics
 * listed on {@link WorkloadMeter} ({@code workload.bytes}, {@code .messages}, {@code .errors},
 * {@code .latency}, {@code .elapsed}, {@code .integrity.mismatchedPages}, {@code .start.*}).
 *
 * @since 0.1
 */
public final class RdmaWriteStreamType implements WorkloadType {
    static final WorkloadParameters.Ends ENDS = WorkloadParameters.Ends.of("node whose NIC writes",
            "node whose memory is written");
    static final WorkloadParameters.Traffic TRAFFIC = WorkloadParameters.Traffic.of(WorkloadParameters.MESSAGE_SIZE,
            "1MiB", "bytes per RDMA WRITE", "64", "number of RDMA WRITEs", "4", "writes in flight at once",
            "register memory without pinning (needs a NIC with page-fault support)");

    /** Creates the type; found through {@link java.util.ServiceLoader}. */
    public RdmaWriteStreamType() {
    }

    @Override
    public String name() {
        return "rdma-write-stream";
    }

    @Override
    public String description() {
        return "RDMA WRITE stream between two nodes' NICs with a fixed number of messages in flight, "
                + "destination checked byte for byte at the end";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(ENDS.source(), ENDS.target(), TRAFFIC.size(), TRAFFIC.messages(), TRAFFIC.concurrency(),
                WorkloadParameters.RESIDENT, WorkloadParameters.PINNED, TRAFFIC.onDemand());
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return WorkloadRequirements.rdmaEnds(parameters, TRAFFIC, "writes from it", 1, "writes into it", 1);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new OneSidedStream(context, Opcode.RDMA_WRITE, ENDS, TRAFFIC);
    }
}
