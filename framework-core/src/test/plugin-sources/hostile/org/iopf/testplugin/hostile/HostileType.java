package org.iopf.testplugin.hostile;

import com.google.inject.Module;
import java.util.List;
import java.util.Set;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.pf4j.Extension;

/** A component type whose declarations do what the test asks (@PARAMETERS@, @MODULE@). */
@Extension
public final class HostileType implements ComponentType {
    @Override
    public String name() {
        return "@TYPE_NAME@";
    }

    @Override
    public String description() {
        return "hostile type";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.IOMMU);
    }

    @Override
    public List<ParameterSpec> parameters() {
        @PARAMETERS@
    }

    @Override
    public Module module(ComponentContext context) {
        @MODULE@
    }
}
