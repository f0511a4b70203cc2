package org.iopf.core.workload;

import java.util.List;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;

/**
 * Workload type {@code rdma-write-stream}: a stream of RDMA WRITEs from one node's NIC to
 * another's, a fixed number in flight, with every byte checked at the end.
 */
public final class RdmaWriteStreamType implements WorkloadType {
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
        return List.of(
                ParameterSpec.of("source", ParameterType.STRING, "node1", "node whose NIC writes", ""),
                ParameterSpec.of("target", ParameterType.STRING, "node2", "node whose memory is written", ""),
                ParameterSpec.of("messageSize", ParameterType.BYTES, "1MiB", "bytes per RDMA WRITE", ""),
                ParameterSpec.of("messages", ParameterType.INTEGER, "64", "number of RDMA WRITEs", ""),
                ParameterSpec.of("concurrency", ParameterType.INTEGER, "4",
                        "writes in flight at once; also the number of buffer slots on each side", ""),
                ParameterSpec.of("onDemand", ParameterType.BOOLEAN, "false",
                        "register memory without pinning (needs a NIC with page-fault support)", ""));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new RdmaWriteStream(context);
    }
}
