package org.iopf.plugin.smmuv3pri;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code linux-iopf}: Linux's I/O page-fault path for SVA, as the node's fault
 * handler: the SMMUv3 driver's event and PRI queue threads, {@code iommu_report_device_fault}, the
 * iopf queue's fault groups and workqueue, {@code handle_mm_fault} through the OS model, the page
 * response ({@code drivers/iommu/io-pgfault.c}, {@code arm-smmu-v3.c}).
 *
 * @since 0.1
 */
@Extension
public final class IopfFaultsType implements ComponentType {
    private static final String IOPF = "drivers/iommu/io-pgfault.c";
    private static final String DRIVER_PAGE_RESPONSE = "drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c "
            + "(arm_smmu_page_response); cost assumed";
    private static final String NPRDMA = "NP-RDMA (minor-fault software path 3.5-5.7 us)";

    static final Parameter<String> IRQ_CORE = Parameter.text("irqCore",
            "core that takes the queue interrupts and runs the queue threads (empty: the node's first core)")
            .byDefault("").from(Source.assumption("interrupts routed to one core"));
    static final Parameter<String> WORKER_CORE = Parameter.text("workerCore",
            "core of the iopf workqueue's worker (empty: the node's second core, or its only one)").byDefault("")
            .from(Source.assumption("an unbound workqueue runs on another idle core"));
    static final Parameter<ServiceTime> IRQ_COST = Parameter.serviceTime("irqCost",
            "hard interrupt: acknowledge and wake the queue thread").byDefault("500ns").range("0ns", "1ms")
            .from(Source.assumption("a threaded-IRQ entry on an arm64 core; part of " + NPRDMA));
    static final Parameter<ServiceTime> ENTRY_COST = Parameter.serviceTime("entryCost",
            "queue thread: read and decode one queue record (queue_remove_raw)").byDefault("200ns").range("0ns", "1ms")
            .from(Source.driver("linux", "drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c (arm_smmu_priq_thread); "
                    + "the cost is an assumption"));
    static final Parameter<ServiceTime> REPORT_COST = Parameter.serviceTime("reportCost",
            "iommu_report_device_fault: find the device, allocate the fault, add it to its group").byDefault("300ns")
            .range("0ns", "1ms").from(Source.driver("linux", IOPF + " (iommu_report_device_fault); cost assumed"));
    static final Parameter<ServiceTime> WAKEUP_LATENCY = Parameter.serviceTime("wakeupLatency",
            "queue_work to the worker running (not CPU time of the path)").byDefault("2us").range("0ns", "10ms")
            .from(Source.assumption("a kworker wake-up on an idle core"));
    static final Parameter<ServiceTime> GROUP_COST = Parameter.serviceTime("groupCost",
            "iopf_handler: find the bound mm by PASID, take mmap_read_lock, per group").byDefault("500ns")
            .range("0ns", "1ms").from(Source.driver("linux", "drivers/iommu/iommu-sva.c (iommu_sva_iopf_handler); "
                    + "cost assumed"));
    static final Parameter<ServiceTime> MM_FAULT_COST = Parameter.serviceTime("mmFaultCost",
            "handle_mm_fault's kernel work per fault besides the OS model's own fault-in time").byDefault("1us")
            .range("0ns", "1ms").from(Source.assumption("with the other CPU steps and the OS model's 1 us zero-fill the path "
                    + "costs 3.8 us of CPU, inside " + NPRDMA));
    static final Parameter<ServiceTime> RESPONSE_COST = Parameter.serviceTime("responseCost",
            "iopf_group_response: build and issue CMD_PRI_RESP or CMD_RESUME, per group").byDefault("300ns")
            .range("0ns", "1ms").from(Source.driver("linux", DRIVER_PAGE_RESPONSE));

    static final StatisticSpec HANDLED = StatisticSpec.counter("handled", "faults", "faults handed to the handler");
    static final StatisticSpec RESOLVED = StatisticSpec.counter("resolved", "faults", "faults answered with retry");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("terminated", "faults",
            "faults answered with terminate");
    static final StatisticSpec GROUPS = StatisticSpec.counter("groups", "groups", "fault groups handled by the worker");
    static final StatisticSpec GROUP_SIZE = StatisticSpec.histogram("group.size", "faults", "faults per group");
    static final StatisticSpec OVERFLOWS = StatisticSpec.counter("queue.overflows", "overflows",
            "queue overflows the queue threads acknowledged");
    static final StatisticSpec PARTIAL_DISCARDED = StatisticSpec.counter("partial.discarded", "faults",
            "faults of incomplete page request groups dropped when a VT-d PRQ overflow was cleared "
                    + "(iopf_queue_discard_partial)");
    static final StatisticSpec RECOVERY = StatisticSpec.histogram("recovery", "ns",
            "a fault from being raised to its page response");
    static final StatisticSpec STEP_IRQ = StatisticSpec.histogram("step.irq", "ns", "raise to the queue thread running");
    static final StatisticSpec STEP_QUEUE = StatisticSpec.histogram("step.queue", "ns",
            "queue thread: record read and reported (iopf queued)");
    static final StatisticSpec STEP_WAIT = StatisticSpec.histogram("step.wait", "ns",
            "group queued to the worker starting it");
    static final StatisticSpec STEP_GROUP = StatisticSpec.histogram("step.group", "ns", "worker: group set-up");
    static final StatisticSpec STEP_MM = StatisticSpec.histogram("step.handle_mm_fault", "ns",
            "handle_mm_fault with the OS model's fault-in, and the page-table update");
    static final StatisticSpec STEP_RESPONSE = StatisticSpec.histogram("step.response", "ns", "page response issued");

    /** Creates the type; found as a PF4J extension or through {@link java.util.ServiceLoader}. */
    public IopfFaultsType() {
    }

    @Override
    public String name() {
        return "linux-iopf";
    }

    @Override
    public String description() {
        return "Linux I/O page-fault path for SVA: SMMUv3 event/PRI queue threads, iommu_report_device_fault, iopf "
                + "fault groups on a workqueue, handle_mm_fault, page response (CMD_PRI_RESP / CMD_RESUME)";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public Set<Capability> capabilities() {
        return Set.of(Capability.FAULT_RESOLUTION);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(IRQ_CORE, WORKER_CORE, IRQ_COST, ENTRY_COST, REPORT_COST, WAKEUP_LATENCY, GROUP_COST,
                MM_FAULT_COST, RESPONSE_COST);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(HANDLED, RESOLVED, TERMINATED, GROUPS, GROUP_SIZE, OVERFLOWS, PARTIAL_DISCARDED, RECOVERY, STEP_IRQ, STEP_QUEUE,
                STEP_WAIT, STEP_GROUP, STEP_MM, STEP_RESPONSE);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(IopfFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
