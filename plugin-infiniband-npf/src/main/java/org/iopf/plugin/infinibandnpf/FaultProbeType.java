package org.iopf.plugin.infinibandnpf;

import java.util.List;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.pf4j.Extension;

/**
 * Workload type {@code ib-fault-probe}: measures what one network page fault costs an application
 * (FIDELITY B2, B4). Each probe is an operation from {@code source} into a fresh slot of an
 * on-demand region of {@code target} that no HCA has translated yet (cold), then the same operation
 * again (warm, translated). The fault's cost is the cold latency minus the warm one. With
 * {@code bulkSize}, a bulk write from another protection domain faults at the same time, so that
 * the probe shows what another domain's fault costs it (B5).
 *
 * <p>Metrics under {@code workload.}: {@code messages}, {@code bytes}, {@code errors},
 * {@code latency} (ns, every operation), {@code elapsed} (ns), {@code cold} and {@code warm} (ns,
 * histograms), {@code faultCost} (ns, gauge: mean cold minus mean warm) and
 * {@code integrity.mismatchedPages}.
 *
 * @since 0.1
 */
@Extension
public final class FaultProbeType implements WorkloadType {
    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public FaultProbeType() {
    }

    @Override
    public String name() {
        return "ib-fault-probe";
    }

    @Override
    public String description() {
        return "Cold-then-warm RDMA operations into untranslated on-demand memory: the application-visible "
                + "cost of one network page fault";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("source", ParameterType.NODE, "node1", "node whose HCA posts the operations", ""),
                ParameterSpec.of("target", ParameterType.NODE, "node2", "node whose on-demand memory faults", ""),
                ParameterSpec.of("messageSize", ParameterType.BYTES, "4KiB", "bytes per operation",
                        "seed 001 §2.3, FIDELITY B2").range("1B", "2GiB"),
                ParameterSpec.of("messages", ParameterType.INTEGER, "8", "probes; each is a cold and a warm "
                        + "operation on its own slot", "").range(1, 65_536),
                ParameterSpec.choice("verb", "write", List.of("write", "read", "send"),
                        "the operation: RDMA WRITE, RDMA READ or SEND", "seed 001 §2.2, FIDELITY B3"),
                ParameterSpec.of("targetResident", ParameterType.BOOLEAN, "false",
                        "the target's pages are resident in the OS (only the HCA's table is cold); a READ's "
                                + "target always is, since it holds the data", ""),
                ParameterSpec.of("bulkSize", ParameterType.BYTES, "0",
                        "a low-priority bulk RDMA WRITE of this size, in its own protection domain on both nodes, "
                                + "is posted into untouched target memory just before each cold operation "
                                + "(0 = none)", "seed 001 §2.3, FIDELITY B5 (protection-domain isolation)")
                        .range("0B", "2GiB"));
    }

    /**
     * Verbs on the source, whose buffers (and the bulk writes') are registered pinned; on-demand
     * registration on the target, whose buffers are not; each probe has its own slot on both.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long probes = parameters.integer("messages");
        long bytes = Math.addExact(PageSize.BASE.alignUp(Math.multiplyExact(parameters.bytes("messageSize"), probes)),
                PageSize.BASE.alignUp(Math.multiplyExact(parameters.bytes("bulkSize"), probes)));
        return List.of(NodeRequirement.on("source", "posts the operations from it").capability(Capability.VERBS)
                        .memory(bytes, bytes),
                NodeRequirement.on("target", "faults on its memory registered on demand")
                        .capability(Capability.VERBS).capability(Capability.ON_DEMAND_REGISTRATION).memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new FaultProbe(context);
    }
}
