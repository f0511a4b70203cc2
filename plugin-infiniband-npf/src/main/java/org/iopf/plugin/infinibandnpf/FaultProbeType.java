package org.iopf.plugin.infinibandnpf;

import java.util.List;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Capability;
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
 * Workload type {@code ib-fault-probe}: measures what one network page fault costs an application
 * (FIDELITY B2, B4). Each probe is an operation from {@code source} into a fresh slot of an
 * on-demand region of {@code target} that no HCA has translated yet (cold), then the same operation
 * again (warm, translated). The fault's cost is the cold latency minus the warm one. With
 * {@code bulkSize}, a bulk write from another protection domain faults at the same time, so that
 * the probe shows what another domain's fault costs it (B5). With {@code advise}, the target
 * advises its region ({@code ibv_advise_mr}) before the first probe.
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
    static final Parameter<String> SOURCE = Parameter.node("source", "node whose HCA posts the operations")
            .byDefault("node1");
    static final Parameter<String> TARGET = Parameter.node("target", "node whose on-demand memory faults")
            .byDefault("node2");
    static final Parameter<Long> MESSAGE_SIZE = Parameter.bytes("messageSize", "bytes per operation")
            .byDefault("4KiB").range("1B", "2GiB").from(Source.seed("001", "§2.3 (FIDELITY B2)"));
    static final Parameter<Integer> MESSAGES = Parameter.count("messages",
            "probes; each is a cold and a warm operation on its own slot").byDefault("8").range(1, 65_536)
            .from(Source.assumption("a few probes are enough: every cold operation costs the same fault"));
    static final Parameter<String> VERB = Parameter.choice("verb", "the operation: RDMA WRITE, RDMA READ or SEND",
            "write", "read", "send").byDefault("write").from(Source.seed("001", "§2.2 (FIDELITY B3)"));
    static final Parameter<Boolean> TARGET_RESIDENT = Parameter.flag("targetResident",
            "the target's pages are resident in the OS (only the HCA's table is cold); a READ's target always is, "
                    + "since it holds the data").byDefault("false")
            .from(Source.assumption("a minor fault on never-touched memory, the seed's common case"));
    static final Parameter<Long> BULK_SIZE = Parameter.bytes("bulkSize",
            "a low-priority bulk RDMA WRITE of this size, in its own protection domain on both nodes, is posted "
                    + "into untouched target memory just before each cold operation (0 = none)").byDefault("0")
            .range("0B", "2GiB").from(Source.seed("001", "§2.3 (FIDELITY B5, protection-domain isolation)"));

    static final Parameter<String> ADVISE = Parameter.choice("advise",
            "before the first probe the target advises its whole on-demand region with ibv_advise_mr: none, "
                    + "prefetch, prefetch-write or prefetch-no-fault (needs an ib-npf-hca on the target)",
            "none", "prefetch", "prefetch-write", "prefetch-no-fault").byDefault("none")
            .from(Source.driver("rdma-core", "libibverbs/man/ibv_advise_mr.3.md (IBV_ADVISE_MR_ADVICE_*)"));
    static final Parameter<Boolean> ADVISE_FLUSH = Parameter.flag("adviseFlush",
            "the advice carries IBV_ADVISE_MR_FLAG_FLUSH: the probes start once the call has returned with the "
                    + "translations in the HCA (else the call returns at once and the work races the probes)")
            .byDefault("true").from(Source.driver("rdma-core",
                    "libibverbs/man/ibv_advise_mr.3.md (IBV_ADVISE_MR_FLAG_FLUSH, NOTES)"));

    static final StatisticSpec COLD = StatisticSpec.histogram("cold", "ns",
            "latency of each cold operation (its target not yet translated)");
    static final StatisticSpec WARM = StatisticSpec.histogram("warm", "ns",
            "latency of each warm operation (the same slot again, translated)");
    static final StatisticSpec FAULT_COST = StatisticSpec.gauge("faultCost", "ns",
            "mean cold latency minus mean warm latency: what one fault costs the application");

    static final StatisticSpec ADVISE_TIME = StatisticSpec.gauge("adviseTime", "ns",
            "ibv_advise_mr on the target's region: call to return (0 without advice)");

    /** The figures it reports besides the standard ones. */
    static final List<StatisticSpec> STATISTICS = List.of(COLD, WARM, FAULT_COST, ADVISE_TIME);

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
        return Parameter.specs(SOURCE, TARGET, MESSAGE_SIZE, MESSAGES, VERB, TARGET_RESIDENT, BULK_SIZE, ADVISE,
                ADVISE_FLUSH);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return STATISTICS;
    }

    /**
     * Verbs on the source, whose buffers (and the bulk writes') are registered pinned; on-demand
     * registration on the target, whose buffers are not; each probe has its own slot on both.
     */
    @Override
    public List<NodeRequirement> requirements(Parameters parameters) {
        long probes = parameters.get(MESSAGES);
        long bytes = Math.addExact(PageSize.BASE.alignUp(Math.multiplyExact(parameters.get(MESSAGE_SIZE), probes)),
                PageSize.BASE.alignUp(Math.multiplyExact(parameters.get(BULK_SIZE), probes)));
        return List.of(NodeRequirement.on(SOURCE.name(), "posts the operations from it").capability(Capability.VERBS)
                        .memory(bytes, bytes),
                NodeRequirement.on(TARGET.name(), "faults on its memory registered on demand")
                        .capability(Capability.VERBS).capability(Capability.ON_DEMAND_REGISTRATION).memory(bytes, 0));
    }

    @Override
    public Workload create(WorkloadContext context) {
        return new FaultProbe(context);
    }
}
