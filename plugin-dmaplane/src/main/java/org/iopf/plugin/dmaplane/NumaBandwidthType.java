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
 * Workload type {@code dmaplane-numa-bandwidth} (seed 004 §3.2, E5): a thread bound to one NUMA
 * node streams over a dmaplane buffer placed strictly on its own node and then on a remote node,
 * for a small and a large buffer, timing {@code passes} passes after {@code warmupPasses} untimed
 * ones, and reports the four bandwidths
 * ({@code workload.bandwidth.<small|large>.<local|remote>}, bits/s) and the remote penalties
 * ({@code workload.penalty.<small|large>}, parts per million).
 *
 * @since 0.1
 */
@Extension
public final class NumaBandwidthType implements WorkloadType {
    static final Parameter<String> NODE = Parameter.node("node", "node whose dmaplane allocates and streams")
            .byDefault("node1");
    static final Parameter<Long> SMALL_SIZE = Parameter.bytes("smallSize", "the small buffer").byDefault("1MiB")
            .range("1B", "64GiB").from(Source.seed("004", "§3.2 (E5: 1 MB)"));
    static final Parameter<Long> LARGE_SIZE = Parameter.bytes("largeSize", "the large buffer").byDefault("64MiB")
            .range("1B", "64GiB").from(Source.seed("004", "§3.2 (E5: 64 MB)"));
    static final Parameter<Integer> PASSES = Parameter.count("passes",
            "timed passes over each buffer, after the warm-up passes; the bandwidth is their bytes over their time")
            .byDefault("40").range(1, 1_000_000)
            .from(Source.assumption("several timed passes; once warm every pass costs the same, so the count does "
                    + "not change the figure"));
    static final Parameter<Integer> WARMUP_PASSES = Parameter.count("warmupPasses",
            "untimed passes over each buffer before the timed ones (the first starts with the buffer cold in the cache)")
            .byDefault("1").range(0, 1_000_000)
            .from(Source.assumption("a streaming benchmark times warm passes after an untimed first one, as STREAM "
                    + "discards its first iteration; 0 times the cold pass too"));
    static final Parameter<Integer> CPU_NODE = Parameter.count("cpuNode",
            "NUMA node the streaming thread is bound to (numactl --cpunodebind)").byDefault("0").range(0, 63)
            .from(Source.seed("004", "§8 (numactl --cpunodebind)"));
    static final Parameter<Integer> REMOTE_NODE = Parameter.count("remoteNode",
            "NUMA node of the remote buffers; not cpuNode").byDefault("1").range(0, 63)
            .from(Source.assumption("any node other than cpuNode; in the seed's SLIT every remote node is at 16"));
    static final Parameter<Long> CHUNK = Parameter.bytes("chunk",
            "bytes the thread streams per work item (granularity of the simulation only)").byDefault("1MiB")
            .range("64B", "1GiB").from(Source.assumption("granularity of the simulation only, not of the model"));

    /** The bandwidths, in the order of {@link NumaBandwidth}'s runs. */
    static final List<StatisticSpec> BANDWIDTHS = List.of(
            StatisticSpec.gauge("bandwidth.small.local", "bps", "streaming rate over the small buffer, local"),
            StatisticSpec.gauge("bandwidth.small.remote", "bps", "streaming rate over the small buffer, remote"),
            StatisticSpec.gauge("bandwidth.large.local", "bps", "streaming rate over the large buffer, local"),
            StatisticSpec.gauge("bandwidth.large.remote", "bps", "streaming rate over the large buffer, remote"));
    static final StatisticSpec PENALTY_SMALL = StatisticSpec.gauge("penalty.small", "ppm",
            "how far the remote rate is below the local one, small buffer");
    static final StatisticSpec PENALTY_LARGE = StatisticSpec.gauge("penalty.large", "ppm",
            "how far the remote rate is below the local one, large buffer");
    static final List<StatisticSpec> STATISTICS = List.of(BANDWIDTHS.get(0), BANDWIDTHS.get(1), BANDWIDTHS.get(2),
            BANDWIDTHS.get(3), PENALTY_SMALL, PENALTY_LARGE);

    /** Creates the type; found by PF4J or {@link java.util.ServiceLoader}. */
    public NumaBandwidthType() {
    }

    @Override
    public String name() {
        return "dmaplane-numa-bandwidth";
    }

    @Override
    public String description() {
        return "local vs remote NUMA streaming bandwidth of a dmaplane buffer, small and large (seed 004 §3.2, E5)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(NODE, SMALL_SIZE, LARGE_SIZE, PASSES, WARMUP_PASSES, CPU_NODE, REMOTE_NODE, CHUNK);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    /** A {@code dmaplane} on the node (a buffer it cannot allocate counts as an error, not a failure). */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(DmaplaneRequirements.dmaplane(NODE.name(), "allocates and streams with it"));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new NumaBandwidth(context);
    }
}
