package org.iopf.plugin.ethernetbackupring;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import java.util.List;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import java.util.Set;

/**
 * Test type {@code silent-faults}: a fault handler that takes every fault and never answers it (an
 * OS whose fault worker hangs), so a cold-ring page never becomes resident.
 */
final class SilentFaultHandlerType implements ComponentType {
    @Override
    public String name() {
        return "silent-faults";
    }

    @Override
    public String description() {
        return "test: takes faults and never answers them";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of();
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).toInstance(new FaultHandler() {
                    @Override
                    public void handle(PageFault fault) {
                    }

                    @Override
                    public long resolved() {
                        return 0;
                    }

                    @Override
                    public long terminated() {
                        return 0;
                    }
                });
            }
        };
    }
}
