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
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;

/**
 * Component type {@code premapped-iommu}: the baseline IOMMU over pre-mapped, pinned pages.
 */
public final class PremappedIommuType implements ComponentType {
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
        return List.of(ParameterSpec.of("lookupLatency", ParameterType.DURATION, "50ns",
                "time of one translation (I/O page-table lookup)", "FIDELITY G2").range("0ns", "1ms"));
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
