package org.iopf.reference;

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

/**
 * Component type {@code demand-paging}: a generic fault handler that resolves translation faults
 * by faulting the page in through the OS memory manager and mapping it into the faulting domain of
 * the node's IOMMU, then retrying (optionally with the next {@code faultAround} pages of the mapping
 * mapped too); every other fault kind is terminated. Needs an IOMMU on the node.
 *
 * @since 0.1
 */
public final class DemandPagingFaultHandlerType implements ComponentType {
    /** Pages after the faulting one mapped before the retry. */
    /** The most: one last-level page table of 512 entries, Linux's bound on fault_around_bytes. */
    static final int MAX_FAULT_AROUND = 512;

    static final Parameter<ServiceTime> RESOLVE_LATENCY = Parameter.serviceTime("resolveLatency",
            "CPU time of the kernel work that resolves (or terminates) one fault, before the memory manager's own "
                    + "fault-in time").byDefault("5us").range("0ns", "1s")
            .from(Source.assumption("generic kernel fault work of microseconds, not the ExaNeSt path (FIDELITY A6)"));
    static final Parameter<Integer> FAULT_AROUND = Parameter.count("faultAround",
            "pages after the faulting one, in the same mapping (never past its end), that are also faulted in "
                    + "through the memory manager (at its cost per page) and mapped before the retry; 0: one fault at "
                    + "a time").byDefault("0").range(0, MAX_FAULT_AROUND)
            .from(Source.assumption("off, one fault at a time; Linux mm/memory.c do_fault_around() maps "
                    + "fault_around_bytes (64 KiB = 16 pages) by default, at most one page table (512)"));
    static final Parameter<String> CORE = Parameter.text("core",
            "the core that runs the fault work (empty: the node's first core)").byDefault("")
            .from(Source.assumption("the fault work shares the node's first core unless told otherwise"));

    static final StatisticSpec RESOLVED = StatisticSpec.counter("faults.resolved", "faults",
            "faults resolved and retried");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("faults.terminated", "faults",
            "faults the memory manager could not resolve, terminated");
    static final StatisticSpec FAULT_AROUND_PAGES = StatisticSpec.counter("faultAround.pages", "pages",
            "pages faulted in and mapped ahead of a faulting one");

    /** Creates the type; found through {@link java.util.ServiceLoader}. */
    public DemandPagingFaultHandlerType() {
    }

    @Override
    public String name() {
        return "demand-paging";
    }

    @Override
    public String description() {
        return "Generic fault handler: faults the page in through the memory manager, maps it in the IOMMU "
                + "domain and retries; other fault kinds are terminated";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(RESOLVE_LATENCY, FAULT_AROUND, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(RESOLVED, TERMINATED, FAULT_AROUND_PAGES);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(DemandPagingFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
