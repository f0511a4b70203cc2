package org.iopf.reference.workload;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameters;

/**
 * What the built-in workloads need of their nodes, as they declare it
 * ({@link org.iopf.api.workload.WorkloadType#requirements}): a NIC with verbs at each end of an
 * RDMA workload, with on-demand registration when {@code onDemand} is set, and the memory of the
 * buffers there. Every page of a buffer is touched by the end of the run, so all of it is
 * resident; all of it is pinned unless {@code onDemand}, when only the {@code pinned} fraction is.
 */
final class WorkloadRequirements {
    private WorkloadRequirements() {
    }

    /**
     * Both ends of an RDMA workload, {@code source} then {@code target}.
     *
     * @param parameters the workload's parameters (traffic, residency)
     * @param traffic the keys of its traffic
     * @param sourcePurpose what the workload does on the source ({@code writes from it})
     * @param sourceBuffers the buffers of the traffic's slots the source holds
     * @param targetPurpose what it does on the target
     * @param targetBuffers the buffers the target holds
     */
    static List<NodeRequirement> rdmaEnds(Parameters parameters, WorkloadParameters.Traffic traffic,
            String sourcePurpose, int sourceBuffers, String targetPurpose, int targetBuffers) {
        List<NodeRequirement> ends = new ArrayList<>(rdmaEnd(parameters, traffic, WorkloadParameters.SOURCE,
                sourcePurpose, sourceBuffers));
        ends.addAll(rdmaEnd(parameters, traffic, WorkloadParameters.TARGET, targetPurpose, targetBuffers));
        return ends;
    }

    /**
     * One end of an RDMA workload.
     *
     * @param parameters the workload's parameters (traffic, residency)
     * @param traffic the keys of its traffic
     * @param node the parameter naming the node
     * @param purpose what the workload does there ({@code writes from it})
     * @param buffers the buffers of one slot each per operation in flight the end holds
     */
    private static List<NodeRequirement> rdmaEnd(Parameters parameters, WorkloadParameters.Traffic traffic, String node,
            String purpose, int buffers) {
        NodeRequirement end = withBuffers(NodeRequirement.on(node, purpose).capability(Capability.VERBS), parameters,
                traffic, buffers);
        if (!parameters.get(traffic.onDemand())) {
            return List.of(end);
        }
        return List.of(end, NodeRequirement.on(node,
                "registers its buffers there without pinning, as onDemand is true")
                .capability(Capability.ON_DEMAND_REGISTRATION));
    }

    /** {@code requirement} with the memory of {@code buffers} buffers of the traffic's slots. */
    static NodeRequirement withBuffers(NodeRequirement requirement, Parameters parameters,
            WorkloadParameters.Traffic traffic, int buffers) {
        long length = PageSize.BASE.alignUp(TrafficShape.from(parameters, traffic).slotBytes());
        Residency residency = Residency.from(parameters);
        long resident = Math.multiplyExact(length, buffers);
        long pinned = parameters.get(traffic.onDemand())
                ? Math.multiplyExact(residency.pinnedBytes(length), buffers) : resident;
        return requirement.memory(resident, pinned);
    }
}
