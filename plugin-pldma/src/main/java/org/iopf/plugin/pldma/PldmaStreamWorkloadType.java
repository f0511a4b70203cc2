package org.iopf.plugin.pldma;

import java.util.List;
import java.util.Locale;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code pldma-stream}: concurrent streams of {@code rdma_write} (or
 * {@code rdma_read}) through the user library, the R5 scheduler and the PLDMA, some on
 * non-resident unpinned memory that faults continuously and the others on resident memory, or all
 * pinned; optionally preceded by a reference phase with no faulting stream, so that the cost of the
 * faults to the other streams is measured (FIDELITY A8).
 *
 * <p>Metrics, under {@code workload.}: the common {@code messages}, {@code bytes}, {@code errors},
 * {@code latency}, {@code elapsed}, {@code integrity.mismatchedPages} of the measured phase;
 * {@code stream<i>.throughput} (bits/s) and {@code stream<i>.bytes} per stream; with
 * {@code reference: resident}, {@code stream<i>.reference.throughput}, {@code stream<i>.lossPpm}
 * (throughput lost against the reference phase, parts per million) and
 * {@code nonFaulting.maxLossPpm} over the streams that do not fault.
 *
 * @since 0.1
 */
@Extension
public final class PldmaStreamWorkloadType implements WorkloadType {
    static final String SOURCE = "source";
    static final String TARGET = "target";
    static final String STREAMS = "streams";
    static final String FAULTING = "faultingStreams";
    static final String MESSAGE_SIZE = "messageSize";
    static final String MESSAGES = "messages";
    static final String CONCURRENCY = "concurrency";
    static final String OPERATION = "operation";
    static final String MODE = "mode";
    static final String REFERENCE = "reference";

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public PldmaStreamWorkloadType() {
    }

    @Override
    public String name() {
        return "pldma-stream";
    }

    @Override
    public String description() {
        return "Concurrent rdma_write/rdma_read streams through the PLDMA user library, some faulting "
                + "continuously on unpinned memory, with per-stream throughput";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of(SOURCE, ParameterType.NODE, "node1", "node whose library issues the requests", ""),
                ParameterSpec.of(TARGET, ParameterType.NODE, "node2", "the remote node", ""),
                ParameterSpec.of(STREAMS, ParameterType.INTEGER, "2", "concurrent streams, one process each", "")
                        .range(1, 64),
                ParameterSpec.of(FAULTING, ParameterType.INTEGER, "1",
                        "streams (the first ones) on non-resident unpinned memory: every request faults",
                        "FIDELITY A8").range(0, 64),
                ParameterSpec.of(MESSAGE_SIZE, ParameterType.BYTES, "256KiB", "bytes per request", "")
                        .range("1B", "2GiB"),
                ParameterSpec.of(MESSAGES, ParameterType.INTEGER, "16", "requests per stream", "").range(1, 1_000_000),
                ParameterSpec.of(CONCURRENCY, ParameterType.INTEGER, "2", "requests in flight per stream", "")
                        .range(1, 65_536),
                ParameterSpec.choice(OPERATION, "write", List.of("write", "read"), "rdma_write or rdma_read", ""),
                ParameterSpec.choice(MODE, "unpinned", List.of("unpinned", "pinned"),
                        "register memory unpinned (fault-aware) or pinned (no stream faults)", "FIDELITY A9"),
                ParameterSpec.choice(REFERENCE, "none", List.of("none", "resident"),
                        "run first a reference phase with every stream resident and report each stream's "
                                + "throughput loss against it", "FIDELITY A8"));
    }

    /** Reads the traffic of the measured phase. */
    static StreamSetup setup(Parameters p) {
        return new StreamSetup(p.bytes(MESSAGE_SIZE), p.intValue(MESSAGES), p.intValue(CONCURRENCY),
                RdmaOperation.valueOf(p.string(OPERATION).toUpperCase(Locale.ROOT)),
                p.string(MODE).equals("pinned"), p.intValue(STREAMS),
                p.string(MODE).equals("pinned") ? 0 : p.intValue(FAULTING), true);
    }

    /**
     * A {@code pldma} DMA engine and an IOMMU on both nodes, and the buffers of every phase there
     * (the reference phase's too), all pinned when the mode is pinned.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        StreamSetup setup = setup(parameters);
        long bytes = setup.bytesPerNode();
        if (parameters.string(REFERENCE).equals("resident")) {
            bytes = Math.addExact(bytes, setup.withoutFaults().bytesPerNode());
        }
        return PldmaRequirements.ends(bytes, setup.pinned() ? bytes : 0);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PldmaStreamWorkload(context);
    }
}
