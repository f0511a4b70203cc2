package org.iopf.plugin.pldma;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
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
                "FIDELITY A4, A9"));
        specs.add(ParameterSpec.of(PROBE_SIZE, ParameterType.BYTES, "16KiB", "bytes per probe transfer (one block)",
                "FIDELITY A5"));
        return List.copyOf(specs);
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new PldmaCompareWorkload(context);
    }
}
