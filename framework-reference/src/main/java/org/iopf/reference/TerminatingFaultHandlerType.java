package org.iopf.reference;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Role;
import org.iopf.api.platform.Source;
import org.iopf.api.sim.ServiceTime;

/**
 * Component type {@code terminate}: the baseline fault handler that terminates every fault.
 */
public final class TerminatingFaultHandlerType implements ComponentType {
    static final Parameter<ServiceTime> REPORT_LATENCY = Parameter.serviceTime("reportLatency",
            "CPU time of the interrupt work that reports and terminates one fault").byDefault("10us")
            .range("0ns", "1s").from(Source.assumption("an interrupt handler that logs and aborts: microseconds"));
    static final Parameter<String> CORE = Parameter.text("core",
            "the core that runs the fault report (empty: the node's first core)").byDefault("")
            .from(Source.assumption("the fault work shares the node's first core unless told otherwise"));

    static final StatisticSpec TERMINATED = StatisticSpec.counter("faults.terminated", "faults",
            "faults reported and terminated");

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
        return Parameter.specs(REPORT_LATENCY, CORE);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(TERMINATED);
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
