package org.iopf.reference;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Source;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.ServiceTime;

/**
 * Component type {@code premapped-iommu}: the baseline IOMMU over pre-mapped, pinned pages.
 */
public final class PremappedIommuType implements ComponentType {
    static final Parameter<ServiceTime> LOOKUP_LATENCY = Parameter.serviceTime("lookupLatency",
            "time of one translation (I/O page-table lookup)").byDefault("50ns").range("0ns", "1ms")
            .from(Source.assumption("a walk of a few memory reads; the pinned baseline's translations are cheap"));

    static final StatisticSpec TRANSLATIONS = StatisticSpec.counter("translations", "translations",
            "translations looked up");
    static final StatisticSpec FAULTS = StatisticSpec.counter("faults", "faults",
            "lookups that faulted (no mapping, no domain, no permission)");
    static final StatisticSpec INVALIDATIONS = StatisticSpec.counter("invalidations", "invalidations",
            "invalidations received");

    @Override
    public String name() {
        return "premapped-iommu";
    }

    @Override
    public String description() {
        return "Baseline IOMMU: translates pre-mapped pinned pages, faults without recovery on anything else";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.IOMMU);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(LOOKUP_LATENCY);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(TRANSLATIONS, FAULTS, INVALIDATIONS);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Iommu.class).to(PremappedIommu.class).in(Scopes.SINGLETON);
            }
        };
    }
}
