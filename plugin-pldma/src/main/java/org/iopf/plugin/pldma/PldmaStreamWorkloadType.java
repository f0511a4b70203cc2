package org.iopf.plugin.pldma;

import java.util.List;
import java.util.Locale;
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
    static final Parameter<String> SOURCE = Parameter.node("source", "node whose library issues the requests")
            .byDefault("node1").from(Source.assumption("the first node of a two-node platform"));
    static final Parameter<String> TARGET = Parameter.node("target", "the remote node").byDefault("node2")
            .from(Source.assumption("the second node of a two-node platform"));
    static final Parameter<Integer> STREAMS = Parameter.count("streams", "concurrent streams, one process each")
            .byDefault("2").range(1, 64).from(Source.assumption("one faulting and one resident stream, the fewest "
                    + "that show what faults cost the others"));
    static final Parameter<Integer> FAULTING = Parameter.count("faultingStreams",
            "streams (the first ones) on non-resident unpinned memory: every request faults; at most streams")
            .byDefault("1").range(0, 64)
            .from(Source.seed("000", "§4.2 (later transfers go on while one faults: FIDELITY A8)"));
    static final Parameter<Long> MESSAGE_SIZE = Parameter.bytes("messageSize", "bytes per request")
            .byDefault("256KiB").range("1B", "2GiB").from(Source.assumption("16 blocks of 16 KiB per request"));
    static final Parameter<Integer> MESSAGES = Parameter.count("messages", "requests per stream").byDefault("16")
            .range(1, 1_000_000).from(Source.assumption("enough requests for a steady rate, cheap to run"));
    static final Parameter<Integer> CONCURRENCY = Parameter.count("concurrency", "requests in flight per stream")
            .byDefault("2").range(1, 65_536)
            .from(Source.assumption("two in flight, as a channel's double buffering"));
    static final Parameter<String> OPERATION = Parameter.choice("operation", "rdma_write or rdma_read", "write",
            "read").byDefault("write").from(Source.seed("000", "§4.1 (rdma_write/read)"));
    static final Parameter<String> MODE = Parameter.choice("mode",
            "register memory unpinned (fault-aware) or pinned (no stream faults)", "unpinned", "pinned")
            .byDefault("unpinned").from(Source.seed("000", "§4.3 (fault-aware against pin-based RDMA: FIDELITY A9)"));
    static final Parameter<String> REFERENCE = Parameter.choice("reference",
            "run first a reference phase and report each stream's throughput loss against it: alone = only the "
                    + "streams that do not fault, each with the link and the engines to itself but for the other "
                    + "non-faulting ones (FIDELITY A8's comparison); resident = every stream, none faulting",
            "none", "alone", "resident").byDefault("none")
            .from(Source.assumption("no reference phase unless a loss against it is asked for (FIDELITY A8)"));

    /** What it records per stream and over the streams, besides the standard workload statistics. */
    static final StatisticSpec THROUGHPUT = StatisticSpec.gauge("{stream}.throughput", "bps",
            "throughput of stream i (stream0, stream1, ...) in the measured phase");
    static final StatisticSpec STREAM_BYTES = StatisticSpec.counter("{stream}.bytes", "bytes",
            "bytes stream i moved in the measured phase");
    static final StatisticSpec REFERENCE_THROUGHPUT = StatisticSpec.gauge("{stream}.reference.throughput", "bps",
            "throughput of stream i in the reference phase (reference: alone or resident)");
    static final StatisticSpec LOSS_PPM = StatisticSpec.gauge("{stream}.lossPpm", "ppm",
            "throughput stream i lost against the reference phase, parts per million (negative: it gained)");
    static final StatisticSpec MAX_LOSS_PPM = StatisticSpec.gauge("nonFaulting.maxLossPpm", "ppm",
            "the largest lossPpm of the streams that do not fault");
    static final StatisticSpec REFERENCE_LATENCY = StatisticSpec.histogram("reference.latency", "ns",
            "latency of one request in the reference phase");

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
        return Parameter.specs(SOURCE, TARGET, STREAMS, FAULTING, MESSAGE_SIZE, MESSAGES, CONCURRENCY, OPERATION, MODE,
                REFERENCE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(THROUGHPUT, STREAM_BYTES, REFERENCE_THROUGHPUT, LOSS_PPM, MAX_LOSS_PPM, REFERENCE_LATENCY);
    }

    /** Reads the traffic of the measured phase. */
    static StreamSetup setup(Parameters p) {
        boolean pinned = p.get(MODE).equals("pinned");
        return new StreamSetup(p.get(MESSAGE_SIZE), p.get(MESSAGES), p.get(CONCURRENCY), operation(p), pinned,
                p.get(STREAMS), pinned ? 0 : p.get(FAULTING), true);
    }

    /** The operation the requests do. */
    static RdmaOperation operation(Parameters p) {
        return RdmaOperation.valueOf(p.get(OPERATION).toUpperCase(Locale.ROOT));
    }

    /**
     * A {@code pldma} DMA engine and an IOMMU on both nodes, and the buffers of every phase there
     * (the reference phase's too), all pinned when the mode is pinned.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        StreamSetup setup = setup(parameters);
        long bytes = setup.bytesPerNode();
        String reference = parameters.get(REFERENCE);
        if (reference.equals("resident")) {
            bytes = Math.addExact(bytes, setup.withoutFaults().bytesPerNode());
        } else if (reference.equals("alone")) {
            bytes = Math.addExact(bytes, setup.nonFaultingOnly().bytesPerNode());
        }
        return PldmaRequirements.ends(bytes, setup.pinned() ? bytes : 0);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PldmaStreamWorkload(context);
    }
}
