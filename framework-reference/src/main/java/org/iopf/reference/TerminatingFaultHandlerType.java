package org.iopf.reference;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.iopf.api.platform.Role;

/**
 * Component type {@code terminate}: the baseline fault handler that terminates every fault.
 */
public final class TerminatingFaultHandlerType implements ComponentType {
    @Override
    public String name() {
        return "terminate";
    }

    @Override
    public String description() {
        return "Baseline fault handler: every device page fault is unrecoverable and terminated";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.of("reportLatency", ParameterType.DURATION, "10us",
                        "CPU time of the interrupt work that reports and terminates one fault", "FIDELITY G2")
                        .range("0ns", "1s"),
                ParameterSpec.of("core", ParameterType.STRING, "",
                        "the core that runs the fault report (empty: the node's first core)", "FIDELITY G2"));
    }

    /** It resolves no fault: it only terminates them. */
    @Override
    public Set<Capability> capabilities() {
        return Set.of();
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(TerminatingFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }
}
