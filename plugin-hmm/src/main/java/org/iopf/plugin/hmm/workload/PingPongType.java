package org.iopf.plugin.hmm.workload;

import java.util.List;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
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
    static final String NODE = "node";
    static final String COMPARE_NODE = "compareNode";
    static final String SIZE = "size";
    static final String HOT_FRACTION = "hotFraction";
    static final String ROUNDS = "rounds";
    static final String GRANULE = "granule";
    static final String SEED = "seed";

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
        return List.of(
                ParameterSpec.of(NODE, ParameterType.NODE, "node1", "node whose hmm-device is driven", ""),
                ParameterSpec.of(COMPARE_NODE, ParameterType.STRING, "",
                        "a second node driven with the same pattern at the same time, for comparison; empty for none",
                        ""),
                ParameterSpec.of(SIZE, ParameterType.BYTES, "64MiB", "bytes of the buffer", "seed 003; F3")
                        .range("4KiB", "1TiB"),
                ParameterSpec.of(HOT_FRACTION, ParameterType.DECIMAL, "0.25",
                        "fraction of the ranges the CPU touches every round (0..1)", "seed 003; F3").range("0", "1"),
                ParameterSpec.of(ROUNDS, ParameterType.INTEGER, "8", "device/CPU rounds", "seed 003; F3")
                        .range(1, 1_000_000),
                ParameterSpec.of(GRANULE, ParameterType.BYTES, "2MiB", "size of one range", "seed 003; F3")
                        .range("4KiB", "1TiB"),
                ParameterSpec.of(SEED, ParameterType.INTEGER, "11", "seed of the buffer's content", "")
                        .range(Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long size = parameters.bytes(SIZE);
        return parameters.string(COMPARE_NODE).isEmpty() ? List.of(HmmRequirements.device(NODE, size))
                : List.of(HmmRequirements.device(NODE, size), HmmRequirements.device(COMPARE_NODE, size));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PingPong(context);
    }
}
