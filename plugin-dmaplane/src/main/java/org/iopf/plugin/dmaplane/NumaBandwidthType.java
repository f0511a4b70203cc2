package org.iopf.plugin.dmaplane;

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
 * Workload type {@code dmaplane-numa-bandwidth} (seed 004 §3.2, E5): a thread bound to one NUMA
 * node streams over a dmaplane buffer placed strictly on its own node and then on a remote node,
 * for a small and a large buffer, and reports the four bandwidths
 * ({@code workload.bandwidth.<small|large>.<local|remote>}, bits/s) and the remote penalties
 * ({@code workload.penalty.<small|large>}, parts per million).
 *
 * @since 0.1
 */
@Extension
public final class NumaBandwidthType implements WorkloadType {
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
        return List.of(
                ParameterSpec.of("node", ParameterType.NODE, "node1", "node whose dmaplane allocates and streams", ""),
                ParameterSpec.of("smallSize", ParameterType.BYTES, "1MiB", "the small buffer (> 0)", "seed 004 §3.2")
                        .range("1B", "64GiB"),
                ParameterSpec.of("largeSize", ParameterType.BYTES, "64MiB", "the large buffer (> 0)", "seed 004 §3.2")
                        .range("1B", "64GiB"),
                ParameterSpec.of("passes", ParameterType.INTEGER, "40",
                        "times the thread streams over each buffer; the first pass of a buffer starts cold", "")
                        .range(1, 1_000_000),
                ParameterSpec.of("cpuNode", ParameterType.INTEGER, "0",
                        "NUMA node the streaming thread is bound to (numactl --cpunodebind)", "seed 004 §8")
                        .range(0, 63),
                ParameterSpec.of("remoteNode", ParameterType.INTEGER, "1", "NUMA node of the remote buffers", "")
                        .range(0, 63),
                ParameterSpec.of("chunk", ParameterType.BYTES, "1MiB",
                        "bytes the thread streams per work item (granularity of the simulation only)", "")
                        .range("64B", "1GiB"));
    }

    /** A {@code dmaplane} on the node (a buffer it cannot allocate counts as an error, not a failure). */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        return List.of(DmaplaneRequirements.dmaplane("node", "allocates and streams with it"));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new NumaBandwidth(context);
    }
}
