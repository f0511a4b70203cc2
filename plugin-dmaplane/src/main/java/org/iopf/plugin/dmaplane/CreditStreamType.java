package org.iopf.plugin.dmaplane;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code dmaplane-credit-stream} (seed 004 §4.3, E7): a stream of WRITE WITH
 * IMMEDIATE from one node's dmaplane RDMA engine to another's under dual credits; reports
 * {@code throughput}, {@code workload.cqOverflows} and {@code workload.stalls}, and checks every
 * byte at the end.
 *
 * @since 0.1
 */
@Extension
public final class CreditStreamType implements WorkloadType {
    static final Parameter<String> SOURCE = Parameter.node("source", "node whose dmaplane sends").byDefault("node1");
    static final Parameter<String> TARGET = Parameter.node("target", "node whose dmaplane receives")
            .byDefault("node2");
    static final Parameter<Long> MESSAGE_SIZE = Parameter.bytes("messageSize", "bytes per WRITE WITH IMMEDIATE")
            .byDefault("4KiB").range("1B", "2GiB").from(Source.seed("004", "§4.3 (E7)"));
    static final Parameter<Long> MESSAGES = Parameter.integer("messages", "work requests in the run")
            .byDefault("20000").range(1, 1_000_000)
            .from(Source.assumption("enough that the first round trips are a small part of the measured rate"));
    static final Parameter<Integer> CREDITS = Parameter.count("credits",
            "send credits (source) and receive window (target) of the connection; 0 = each node's default_credits")
            .byDefault("0").range(0, 65_536).from(Source.seed("004", "§4.3 (E7)"));

    static final StatisticSpec CQ_OVERFLOWS = StatisticSpec.gauge("cqOverflows", "overflows",
            "completion-queue overflows of both engines (E7: none)");
    static final StatisticSpec STALLS = StatisticSpec.gauge("stalls", "stalls",
            "flow stalls of the sending engine: waits for a send or a receive credit");

    /** Creates the type; found by PF4J or {@link java.util.ServiceLoader}. */
    public CreditStreamType() {
    }

    @Override
    public String name() {
        return "dmaplane-credit-stream";
    }

    @Override
    public String description() {
        return "WRITE WITH IMMEDIATE stream between two dmaplane RDMA engines under send and receive credits "
                + "(seed 004 §4.3, E7)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(SOURCE, TARGET, MESSAGE_SIZE, MESSAGES, CREDITS);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(CQ_OVERFLOWS, STALLS);
    }

    /**
     * A {@code dmaplane} on both nodes, each holding the connection's slots of {@code messageSize}
     * (one per credit; with {@code credits: 0} the nodes' default, unknown here, so at least one).
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long slots = Math.min(Math.max(1, parameters.get(CREDITS)), parameters.get(MESSAGES));
        long bytes = Math.multiplyExact(slots, parameters.get(MESSAGE_SIZE));
        return List.of(DmaplaneRequirements.dmaplane(SOURCE.name(), "sends from it").memory(bytes, 0),
                DmaplaneRequirements.dmaplane(TARGET.name(), "receives into it").memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new CreditStream(context);
    }
}
