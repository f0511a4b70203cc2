package com.example.iopf.prefetch;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/**
 * Component type {@code prefetch-paging}: a fault handler that resolves a translation fault like
 * demand paging (fault the page in through the node's memory manager, map it into the faulting
 * domain, invalidate, retry) and, before the retry, predicts that the device goes on sequentially
 * and also faults in and maps the next {@code depth} pages of the same mapping (seed 000 §6,
 * "predictive prefetch"). Needs an IOMMU on the node.
 *
 * <p>{@code @Extension} makes PF4J's annotation processor list it in {@code META-INF/extensions.idx},
 * which is how the plugin host finds it in the zip; {@code META-INF/services} lists it too, for
 * tests and class-path use.
 */
@Extension
public final class PrefetchPagingType implements ComponentType {
    /** The type's name in platform files. */
    public static final String NAME = "prefetch-paging";
    static final String RESOLVE_LATENCY = "resolveLatency";
    static final String DEPTH = "depth";
    static final String PER_PAGE_LATENCY = "perPageLatency";
    static final String CORE = "core";

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
        return List.of(
                ParameterSpec.of(RESOLVE_LATENCY, ParameterType.DURATION, "5us",
                        "CPU time of the kernel work that resolves (or terminates) one fault, before the memory "
                                + "manager's own fault-in time", "seed 000 §3 (as core's demand-paging)"),
                ParameterSpec.of(DEPTH, ParameterType.INTEGER, "7",
                        "pages after the faulting one to fault in and map before the retry (0: plain demand "
                                + "paging); never past the end of the faulting page's mapping", "seed 000 §6"),
                ParameterSpec.of(PER_PAGE_LATENCY, ParameterType.DURATION, "1us",
                        "CPU time per prefetched page (page-table walk, IOMMU map), before its fault-in time",
                        "seed 000 §6 (not measured there: an assumption)"),
                ParameterSpec.of(CORE, ParameterType.STRING, "",
                        "the core that runs the fault work (empty: the node's first core)", ""));
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
