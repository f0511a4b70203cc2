package org.iopf.testplugin.iommu;

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
import org.pf4j.Extension;

/** Component type of the identity IOMMU. */
@Extension
public final class TestIommuType implements ComponentType {
    @Override
    public String name() {
        return "@TYPE_NAME@";
    }

    @Override
    public String description() {
        return "identity IOMMU @VERSION@";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.IOMMU);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.of("lookupLatency", ParameterType.DURATION, "@LATENCY@",
                "time of one translation", "test"));
    }

    @Override
    public String version() {
        return "@VERSION@";
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(Iommu.class).to(IdentityIommu.class).in(Scopes.SINGLETON);
            }
        };
    }
}
