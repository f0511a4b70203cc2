package com.example.iopf.prefetch;

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
import org.pf4j.Extension;

/**
 * Component type {@code prefetch-paging}: a fault handler that resolves a translation fault like
 * demand paging (fault the page in through the node's memory manager, map it into the faulting
 * domain, invalidate, retry) and, before the retry, predicts that the device goes on sequentially
 * and also faults in and maps the next {@code depth} pages of the same mapping (seed 000 §6,
 * "predictive prefetch"). Needs an IOMMU on the node.
 *
 * <p>Each parameter and each statistic is declared once, below: validation, {@code iopf components},
 * the README's tables and the handler's typed reads ({@code parameters().get(DEPTH)}) all come from
 * these declarations.
 *
 * <p>{@code @Extension} makes PF4J's annotation processor list it in {@code META-INF/extensions.idx},
 * which is how the plugin host finds it in the zip; {@code META-INF/services} lists it too, for
 * tests and class-path use.
 */
@Extension
public final class PrefetchPagingType implements ComponentType {
    /** The type's name in platform files. */
    public static final String NAME = "prefetch-paging";
    static final Parameter<Long> RESOLVE_LATENCY = Parameter.duration("resolveLatency",
            "CPU time of the kernel work that resolves (or terminates) one fault, before the memory manager's own "
                    + "fault-in time").byDefault("5us").range("0ns", "1s").from(Source.seed("000", "§3"));
    static final Parameter<Integer> DEPTH = Parameter.count("depth",
            "pages after the faulting one to fault in and map before the retry (0: plain demand paging); never past "
                    + "the end of the faulting page's mapping").byDefault("7").range(0, 64)
            .from(Source.seed("000", "§6"));
    static final Parameter<Long> PER_PAGE_LATENCY = Parameter.duration("perPageLatency",
            "CPU time per prefetched page (page-table walk, IOMMU map), before its fault-in time").byDefault("1us")
            .range("0ns", "1ms").from(Source.assumption("seed 000 §6 proposes prefetch without a figure for its cost"));
    static final Parameter<String> CORE = Parameter.text("core",
            "the core that runs the fault work (empty: the node's first core)").byDefault("")
            .from(Source.assumption("the fault work shares the node's first core unless told otherwise"));

    static final StatisticSpec RESOLVED = StatisticSpec.counter("faults.resolved", "faults",
            "faults resolved: the faulting page mapped and the transaction retried");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("faults.terminated", "faults",
            "faults terminated: another fault kind, no process, or a page that cannot be made present");
    static final StatisticSpec PREFETCHED = StatisticSpec.counter("prefetch.pages", "pages",
            "pages faulted in and mapped ahead of a fault");

    /** Creates the type; found through {@link java.util.ServiceLoader} or the PF4J plugin. */
    public PrefetchPagingType() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Demand paging with predictive prefetch: resolves a translation fault and also faults in and "
                + "maps the next pages of the mapping before the retry; other fault kinds are terminated";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(DEPTH, PER_PAGE_LATENCY, RESOLVE_LATENCY, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(RESOLVED, TERMINATED, PREFETCHED);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(PrefetchPagingFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
