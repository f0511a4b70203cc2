package org.iopf.plugin.pldma;

import java.util.ArrayList;
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
 * Workload type {@code pldma-compare}: the seed's pinned vs fault-aware comparison (seed 000 §4.3,
 * FIDELITY A9), measured. Four phases on the same platform: a capacity probe pinned and one
 * unpinned ({@code probeTransfers} transfers of {@code probeSize}, one buffer each), then the
 * {@code pldma-stream} traffic pinned and again unpinned with {@code faultingStreams} streams
 * faulting. It logs the seed's table and reports its cells under {@code workload.a9.}:
 * {@code pinned|faultAware.memoryReserved} (bytes), {@code .maxConcurrentTransfers},
 * {@code faultAware.faultRecovery} (ns, mean), {@code faultAware.recoveries},
 * {@code pinned.faults}, {@code pinned|faultAware.bandwidthOverheadPpm}; and the common
 * {@code bytes}, {@code errors}, {@code integrity.mismatchedPages} over both stream phases.
 *
 * @since 0.1
 */
@Extension
public final class PldmaCompareWorkloadType implements WorkloadType {
    static final String PROBE_TRANSFERS = "probeTransfers";
    static final String PROBE_SIZE = "probeSize";

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
        List<ParameterSpec> specs = new ArrayList<>(new PldmaStreamWorkloadType().parameters().stream()
                .filter(p -> !p.name().equals(PldmaStreamWorkloadType.MODE)
                        && !p.name().equals(PldmaStreamWorkloadType.REFERENCE))
                .toList());
        specs.add(ParameterSpec.of(PROBE_TRANSFERS, ParameterType.INTEGER, "1025",
                "transfers the capacity probe tries to have in flight at once (one more than the PLDMA's 1024)",
                "FIDELITY A4, A9").range(1, 65_536));
        specs.add(ParameterSpec.of(PROBE_SIZE, ParameterType.BYTES, "16KiB", "bytes per probe transfer (one block)",
                "FIDELITY A5").range("1B", "1GiB"));
        return List.copyOf(specs);
    }

    /** The traffic of its stream phases: unpinned as given (slots reused, not fresh per request). */
    static StreamSetup setup(Parameters p) {
        return new StreamSetup(p.bytes(PldmaStreamWorkloadType.MESSAGE_SIZE),
                p.intValue(PldmaStreamWorkloadType.MESSAGES), p.intValue(PldmaStreamWorkloadType.CONCURRENCY),
                RdmaOperation.valueOf(p.string(PldmaStreamWorkloadType.OPERATION).toUpperCase(Locale.ROOT)), false,
                p.intValue(PldmaStreamWorkloadType.STREAMS), p.intValue(PldmaStreamWorkloadType.FAULTING), false);
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
        long probe = Math.multiplyExact(parameters.bytes(PROBE_SIZE), parameters.integer(PROBE_TRANSFERS));
        return PldmaRequirements.ends(Math.max(phases, probe), pinned);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PldmaCompareWorkload(context);
    }
}
