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
 * Workload type {@code rdma-read-stream}: a stream of RDMA READs posted by one node's NIC that
 * pull from another node's memory into its own, a fixed number in flight, with every byte checked
 * at the end. It reports the metrics
 * listed on {@link WorkloadMeter} ({@code workload.bytes}, {@code .messages}, {@code .errors},
 * {@code .latency}, {@code .elapsed}, {@code .integrity.mismatchedPages}, {@code .start.*}).
 *
 * @since 0.1
 */
public final class RdmaReadStreamType implements WorkloadType {
    static final WorkloadParameters.Ends ENDS = WorkloadParameters.Ends.of("node whose NIC reads, into its own memory",
            "node whose memory is read");
    static final WorkloadParameters.Traffic TRAFFIC = WorkloadParameters.Traffic.of(WorkloadParameters.MESSAGE_SIZE,
            "1MiB", "bytes per RDMA READ", "64", "number of RDMA READs", "4", "reads in flight at once",
            "register memory without pinning (needs a NIC with page-fault support)");

    /** Creates the type; found through {@link java.util.ServiceLoader}. */
    public RdmaReadStreamType() {
    }

    @Override
    public String name() {
        return "rdma-read-stream";
    }

    @Override
    public String description() {
        return "RDMA READ stream: the source node's NIC pulls from the target node's memory with a fixed "
                + "number of reads in flight, the pulled bytes checked at the end";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(ENDS.source(), ENDS.target(), TRAFFIC.size(), TRAFFIC.messages(), TRAFFIC.concurrency(),
                WorkloadParameters.RESIDENT, WorkloadParameters.PINNED, TRAFFIC.onDemand());
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return WorkloadRequirements.rdmaEnds(parameters, TRAFFIC, "reads into it", 1, "reads from it", 1);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new OneSidedStream(context, Opcode.RDMA_READ, ENDS, TRAFFIC);
    }
}
