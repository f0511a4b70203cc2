package org.iopf.plugin.pldma;

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
 * Workload type {@code pldma-compare}: the seed's pinned vs fault-aware comparison (seed 000 §4.3,
 * FIDELITY A9), measured. Four phases on the same platform: a capacity probe pinned and one
 * unpinned ({@code probeTransfers} transfers of {@code probeSize}, one buffer each), then the
 * {@code pldma-stream} traffic pinned and again unpinned with {@code faultingStreams} streams
 * faulting. It logs the seed's table and reports its cells under {@code workload.a9.}:
 * {@code pinned|faultAware.memoryReserved} (bytes, resident when the traffic starts),
 * {@code .memoryPeak} and {@code .memoryMean} (bytes resident over the whole stream phase: peak
 * and time-averaged), {@code .maxConcurrentTransfers},
 * {@code faultAware.faultRecovery} (ns, mean), {@code faultAware.recoveries},
 * {@code pinned.faults}, {@code pinned|faultAware.bandwidthOverheadPpm}; and the common
 * {@code bytes}, {@code errors}, {@code integrity.mismatchedPages} over both stream phases.
 *
 * @since 0.1
 */
@Extension
public final class PldmaCompareWorkloadType implements WorkloadType {
    static final Parameter<Integer> PROBE_TRANSFERS = Parameter.count("probeTransfers",
            "transfers the capacity probe tries to have in flight at once (one more than the PLDMA's 1024)")
            .byDefault("1025").range(1, 65_536)
            .from(Source.seed("000", "§2.3 (1024 concurrent transfers; one more probes the limit)"));
    static final Parameter<Long> PROBE_SIZE = Parameter.bytes("probeSize", "bytes per probe transfer (one block)")
            .byDefault("16KiB").range("1B", "1GiB").from(Source.seed("000", "§2.3 (16 KB blocks)"));

    /** The cells of the seed's table (under {@code a9.}) and the pinned phase's latency. */
    static final StatisticSpec PINNED_RESERVED = StatisticSpec.gauge("a9.pinned.memoryReserved", "bytes",
            "memory resident at the start, pinned");
    static final StatisticSpec FAULT_AWARE_RESERVED = StatisticSpec.gauge("a9.faultAware.memoryReserved", "bytes",
            "memory resident at the start, fault-aware");
    static final StatisticSpec PINNED_PEAK = StatisticSpec.gauge("a9.pinned.memoryPeak", "bytes",
            "most memory of the streams' buffers resident at once over the pinned run, both nodes");
    static final StatisticSpec FAULT_AWARE_PEAK = StatisticSpec.gauge("a9.faultAware.memoryPeak", "bytes",
            "most memory of the streams' buffers resident at once over the fault-aware run, both nodes");
    static final StatisticSpec PINNED_MEAN = StatisticSpec.gauge("a9.pinned.memoryMean", "bytes",
            "memory of the streams' buffers resident on average over the pinned run (time-weighted), both nodes");
    static final StatisticSpec FAULT_AWARE_MEAN = StatisticSpec.gauge("a9.faultAware.memoryMean", "bytes",
            "memory of the streams' buffers resident on average over the fault-aware run (time-weighted), both nodes");
    static final StatisticSpec PINNED_MAX_CONCURRENT = StatisticSpec.gauge("a9.pinned.maxConcurrentTransfers",
            "transfers", "most probe transfers in flight at once, pinned (bounded by the pinnable limit)");
    static final StatisticSpec FAULT_AWARE_MAX_CONCURRENT = StatisticSpec.gauge(
            "a9.faultAware.maxConcurrentTransfers", "transfers",
            "most probe transfers in flight at once, fault-aware (bounded by the PLDMA)");
    static final StatisticSpec PINNED_FAULTS = StatisticSpec.gauge("a9.pinned.faults", "faults",
            "faults raised in the pinned phase (none expected)");
    static final StatisticSpec FAULT_AWARE_RECOVERIES = StatisticSpec.gauge("a9.faultAware.recoveries", "pauses",
            "fault pauses that ended in the fault-aware phase");
    static final StatisticSpec FAULT_AWARE_RECOVERY = StatisticSpec.gauge("a9.faultAware.faultRecovery", "ns",
            "mean fault pause in the fault-aware phase");
    static final StatisticSpec PINNED_OVERHEAD = StatisticSpec.gauge("a9.pinned.bandwidthOverheadPpm", "ppm",
            "goodput lost against a saturated link, pinned, parts per million");
    static final StatisticSpec FAULT_AWARE_OVERHEAD = StatisticSpec.gauge("a9.faultAware.bandwidthOverheadPpm", "ppm",
            "goodput lost against a saturated link, fault-aware, parts per million");
    static final StatisticSpec PINNED_LATENCY = StatisticSpec.histogram("pinned.latency", "ns",
            "latency of one request in the pinned phase");

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public PldmaCompareWorkloadType() {
    }

    @Override
    public String name() {
        return "pldma-compare";
    }

    @Override
    public String description() {
        return "Pinned vs fault-aware PLDMA RDMA: memory reserved, most concurrent transfers under a pinnable "
                + "limit, fault recovery time and bandwidth overhead, measured (the seed's table)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(PldmaStreamWorkloadType.SOURCE, PldmaStreamWorkloadType.TARGET,
                PldmaStreamWorkloadType.STREAMS, PldmaStreamWorkloadType.FAULTING, PldmaStreamWorkloadType.MESSAGE_SIZE,
                PldmaStreamWorkloadType.MESSAGES, PldmaStreamWorkloadType.CONCURRENCY, PldmaStreamWorkloadType.OPERATION,
                PROBE_TRANSFERS, PROBE_SIZE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(PINNED_RESERVED, FAULT_AWARE_RESERVED, PINNED_PEAK, FAULT_AWARE_PEAK, PINNED_MEAN,
                FAULT_AWARE_MEAN, PINNED_MAX_CONCURRENT, FAULT_AWARE_MAX_CONCURRENT,
                PINNED_FAULTS, FAULT_AWARE_RECOVERIES, FAULT_AWARE_RECOVERY, PINNED_OVERHEAD, FAULT_AWARE_OVERHEAD,
                PINNED_LATENCY);
    }

    /** The traffic of its stream phases: unpinned as given (slots reused, not fresh per request). */
    static StreamSetup setup(Parameters p) {
        return new StreamSetup(p.get(PldmaStreamWorkloadType.MESSAGE_SIZE), p.get(PldmaStreamWorkloadType.MESSAGES),
                p.get(PldmaStreamWorkloadType.CONCURRENCY), PldmaStreamWorkloadType.operation(p), false,
                p.get(PldmaStreamWorkloadType.STREAMS), p.get(PldmaStreamWorkloadType.FAULTING), false);
    }

    /**
     * A {@code pldma} DMA engine and an IOMMU on both nodes; there, the buffers of the pinned and
     * the unpinned phase (the pinned one's pinned), or the probes' if they are larger (a probe
     * pins no more than the pinnable limit lets it, and frees its buffers before the phases).
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        StreamSetup setup = setup(parameters);
        long pinned = setup.withPinned(true).bytesPerNode();
        long phases = Math.addExact(pinned, setup.bytesPerNode());
        long probe = Math.multiplyExact(parameters.get(PROBE_SIZE), (long) parameters.get(PROBE_TRANSFERS));
        return PldmaRequirements.ends(Math.max(phases, probe), pinned);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PldmaCompareWorkload(context);
    }
}
