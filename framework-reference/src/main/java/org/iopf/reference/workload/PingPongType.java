package org.iopf.reference.workload;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * Workload type {@code ping-pong}: round-trip latency between two nodes' NICs. The source sends a
 * message, the target's receive completion triggers its echo back, {@code messages} times;
 * {@code workload.latency} holds one round trip per message and {@code workload.bytes} counts the
 * message in both directions ({@code 2 x messageSize} per round trip). The transport is SEND or
 * RDMA WRITE WITH IMMEDIATE ({@code verb}). Other metrics as listed on {@link WorkloadMeter}.
 *
 * @since 0.1
 */
public final class PingPongType implements WorkloadType {
    static final WorkloadParameters.Ends ENDS = WorkloadParameters.Ends.of(
            "node that sends each ping and measures the round trip", "node that echoes each ping back");
    static final WorkloadParameters.Traffic TRAFFIC = WorkloadParameters.Traffic.of(WorkloadParameters.MESSAGE_SIZE,
            "64B", "bytes per ping (and per echo)", "1000", "number of round trips (iterations)", "1",
            "round trips in flight at once", "register memory without pinning (needs a NIC with page-fault support)");
    /** The parameter that selects the transport. */
    static final Parameter<String> VERB = Parameter.choice("verb",
            "transport of ping and echo: send (two-sided SEND into a posted receive) or write-imm (RDMA WRITE WITH "
                    + "IMMEDIATE into the peer's slot)", PingPong.Verb.SEND.label(), PingPong.Verb.WRITE_IMM.label())
            .byDefault(PingPong.Verb.SEND.label())
            .from(Source.assumption("two-sided SEND, the usual latency test (ib_send_lat)"));

    /** Creates the type; found through {@link java.util.ServiceLoader}. */
    public PingPongType() {
    }

    @Override
    public String name() {
        return "ping-pong";
    }

    @Override
    public String description() {
        return "Round-trip latency: the source sends, the target echoes on its receive completion, "
                + "by SEND or RDMA WRITE WITH IMMEDIATE; echoed bytes checked at the end";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(ENDS.source(), ENDS.target(), TRAFFIC.size(), TRAFFIC.messages(), TRAFFIC.concurrency(), VERB,
                WorkloadParameters.RESIDENT, WorkloadParameters.PINNED, TRAFFIC.onDemand());
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return WorkloadRequirements.rdmaEnds(parameters, TRAFFIC, "sends the pings from it", 2, "echoes them from it", 1);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PingPong(context);
    }
}
