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
 * Workload type {@code dmaplane-credit-stream} (seed 004 §4.3, E7): a stream of WRITE WITH
 * IMMEDIATE from one node's dmaplane RDMA engine to another's under dual credits; reports
 * {@code throughput}, {@code workload.cqOverflows} and {@code workload.stalls}, and checks every
 * byte at the end.
 *
 * @since 0.1
 */
@Extension
public final class CreditStreamType implements WorkloadType {
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
        return List.of(
                ParameterSpec.of("source", ParameterType.NODE, "node1", "node whose dmaplane sends", ""),
                ParameterSpec.of("target", ParameterType.NODE, "node2", "node whose dmaplane receives", ""),
                ParameterSpec.of("messageSize", ParameterType.BYTES, "4KiB", "bytes per WRITE WITH IMMEDIATE (> 0)",
                        "seed 004 §4.3").range("1B", "2GiB"),
                ParameterSpec.of("messages", ParameterType.INTEGER, "20000", "work requests in the run (> 0)", "")
                        .range(1, 1_000_000),
                ParameterSpec.of("credits", ParameterType.INTEGER, "0",
                        "send credits (source) and receive window (target) of the connection; 0 = each node's default_credits",
                        "seed 004 §4.3, E7").range(0, 65_536));
    }

    /**
     * A {@code dmaplane} on both nodes, each holding the connection's slots of {@code messageSize}
     * (one per credit; with {@code credits: 0} the nodes' default, unknown here, so at least one).
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long slots = Math.min(Math.max(1, parameters.integer("credits")), parameters.integer("messages"));
        long bytes = Math.multiplyExact(slots, parameters.bytes("messageSize"));
        return List.of(DmaplaneRequirements.dmaplane("source", "sends from it").memory(bytes, 0),
                DmaplaneRequirements.dmaplane("target", "receives into it").memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new CreditStream(context);
    }
}
