package org.iopf.plugin.hmm.workload;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Parameters;
import org.iopf.api.platform.Source;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code hmm-ping-pong} (seed 003, F3): the ping-pong adversary. Each round the
 * device migrates a buffer and computes on it, then the CPU reads one byte of each "hot" range,
 * which faults it back. Run on two nodes at once (devices with different policies) it compares
 * fault-backs, CPU stall and PCIe traffic. See {@link PingPong} for its figures.
 *
 * @since 0.1
 */
@Extension
public final class PingPongType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose hmm-device is driven")
            .byDefault("node1");
    static final Parameter<String> COMPARE_NODE = Parameter.text("compareNode",
            "a second node driven with the same pattern at the same time, for comparison; empty for none")
            .byDefault("");
    static final Parameter<Long> SIZE = Parameter.bytes("size", "bytes of the buffer").byDefault("64MiB")
            .range("4KiB", "1TiB").from(Source.seed("003", "F3"));
    static final Parameter<Double> HOT_FRACTION = Parameter.decimal("hotFraction",
            "fraction of the ranges the CPU touches every round (0..1)").byDefault("0.25").range("0", "1")
            .from(Source.seed("003", "F3"));
    static final Parameter<Integer> ROUNDS = Parameter.count("rounds", "device/CPU rounds").byDefault("8")
            .range(1, 1_000_000).from(Source.seed("003", "F3"));
    static final Parameter<Long> GRANULE = Parameter.bytes("granule", "size of one range").byDefault("2MiB")
            .range("4KiB", "1TiB").from(Source.seed("003", "F3"));
    static final Parameter<Long> SEED = Parameter.integer("seed", "seed of the buffer's content").byDefault("11")
            .range(Long.MIN_VALUE, Long.MAX_VALUE).from(Source.assumption("any fixed seed; the content only has to be reproducible"));

    /** The figures it reports per driven node besides the standard ones, in the order {@link PingPong} fills them. */
    static final List<StatisticSpec> STATISTICS = List.of(
            StatisticSpec.gauge("{node}.faultBacks", "faults", "CPU faults that migrated a page back"),
            StatisticSpec.gauge("{node}.cpuStall", "ns", "CPU time stalled in those faults"),
            StatisticSpec.gauge("{node}.pcieBytes", "bytes", "bytes that crossed PCIe either way"),
            StatisticSpec.gauge("{node}.elapsed", "ns", "time the node's rounds took"));

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public PingPongType() {
    }

    @Override
    public String name() {
        return "hmm-ping-pong";
    }

    @Override
    public String description() {
        return "HMM ping-pong adversary: device migrates and computes, then the CPU touches the same hot ranges, "
                + "round after round";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, COMPARE_NODE, SIZE, HOT_FRACTION, ROUNDS, GRANULE, SEED);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long size = parameters.get(SIZE);
        return parameters.get(COMPARE_NODE).isEmpty() ? List.of(HmmRequirements.device(NODE.name(), size))
                : List.of(HmmRequirements.device(NODE.name(), size), HmmRequirements.device(COMPARE_NODE.name(), size));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PingPong(context);
    }
}
