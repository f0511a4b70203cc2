package org.iopf.plugin.ethernetbackupring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;
import org.pf4j.Extension;

/**
 * Component type {@code eth-os-faults}: the OS resolving a NIC's rx-buffer faults in the background
 * (interrupt, fault-in through the memory manager, IOMMU map, retry), seed 001 §3.1-3.2.
 *
 * @since 0.1
 */
@Extension
public final class OsFaultHandlerType implements ComponentType {
    static final Parameter<ServiceTime> INTERRUPT_CPU = Parameter.serviceTime("interruptCpu",
            "CPU time of one fault interrupt (the IRQ and the wake-up of its handler thread); faults that arrive "
                    + "while the thread runs are drained in the same pass, each for faultReadCpu").byDefault("5us")
            .range("0ns", "1s").from(Source.seed("001", "§3.1"));
    static final Parameter<ServiceTime> FAULT_READ_CPU = Parameter.serviceTime("faultReadCpu",
            "CPU time of the interrupt thread per fault it drains: read the fault record, queue its work item")
            .byDefault("500ns").range("0ns", "1s")
            .from(Source.driver("linux", "drivers/iommu/intel/prq.c prq_event_thread (drains the page request queue "
                    + "in one pass); the per-record cost an assumption"));
    static final Parameter<Integer> WORKERS = Parameter.count("workers",
            "cores of the fault workqueue that resolve faults in parallel (an unbound workqueue runs a work item on "
                    + "any idle core); 0: every core of the node but the first (the NIC's rx core)")
            .byDefault("0").range(0, 1024)
            .from(Source.driver("linux", "drivers/iommu/io-pgfault.c iopf_queue_alloc: alloc_workqueue(WQ_UNBOUND)"));
    static final Parameter<ServiceTime> RESOLVE_CPU = Parameter.serviceTime("resolveCpu",
            "CPU time of the kernel worker after the fault-in: page-table walk, IOMMU map and IOTLB invalidation "
                    + "(the memory manager adds its own fault-in time)").byDefault("13us").range("0ns", "1s")
            .from(Source.assumption("13 us of kernel work per page, first calibrated to C4 (cold-start recovery "
                    + "200-400 ms) when every fault was handled on one core; kept, not re-fitted"));
    static final Parameter<ServiceTime> REMAP_CPU = Parameter.serviceTime("remapCpu",
            "CPU time of the kernel worker when the faulting page is resident and only its IOMMU entry was gone "
                    + "(after NUMA migration): IOMMU map and IOTLB invalidation").byDefault("2us").range("0ns", "1s")
            .from(Source.assumption("the IOMMU map and IOTLB invalidation part of resolveCpu"));
    static final Parameter<Long> FAULT_AROUND = Parameter.bytes("faultAround",
            "after answering a fault, the other pages of this aligned window are resolved too (Linux "
                    + "fault_around_bytes); a power of two, 4KiB turns it off").byDefault("64KiB").range("4KiB", "2MiB")
            .from(Source.driver("linux", "mm/memory.c fault_around_bytes (64 KiB)"));
    static final Parameter<String> CORE = Parameter.text("core",
            "the core that takes the fault interrupt; empty: the node's last core").byDefault("")
            .from(Source.assumption("the fault interrupt on a core other than the rx core"));

    static final StatisticSpec RESOLVED = StatisticSpec.counter("resolved", "faults", "faults resolved and retried");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("terminated", "faults",
            "faults that could not be resolved");
    static final StatisticSpec WRITE_PROTECTED = StatisticSpec.counter("writeProtected", "faults",
            "resolved write-permission faults (copy-on-write)");
    static final StatisticSpec INTERRUPTS = StatisticSpec.counter("interrupts", "interrupts",
            "fault interrupts taken; each drains every fault queued while its handler thread runs");
    static final StatisticSpec AROUND_PAGES = StatisticSpec.counter("aroundPages", "pages",
            "pages that fault-around made resident");

    /** Creates the type; found through PF4J or {@link java.util.ServiceLoader}. */
    public OsFaultHandlerType() {
    }

    @Override
    public String name() {
        return "eth-os-faults";
    }

    @Override
    public String description() {
        return "OS handling of a NIC's rx-buffer page faults in the background: interrupt, fault-in, IOMMU map, "
                + "retry";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(INTERRUPT_CPU, FAULT_READ_CPU, WORKERS, RESOLVE_CPU, REMAP_CPU, FAULT_AROUND, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(RESOLVED, TERMINATED, WRITE_PROTECTED, AROUND_PAGES, INTERRUPTS);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(OsFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
