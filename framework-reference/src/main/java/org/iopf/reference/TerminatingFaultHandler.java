package org.iopf.reference;

import jakarta.inject.Inject;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The baseline fault handler: a system that pins everything has no way to resolve a device page
 * fault, so it reports every fault as unrecoverable and terminates it. Reporting is interrupt work
 * of {@code reportLatency} on one of the node's cores ({@code core}, or the first core), so it
 * waits behind other interrupt work there and shows in that core's utilisation; the core traces it
 * as the step {@code terminate/report} of the fault's flow.
 */
final class TerminatingFaultHandler implements FaultHandler {
    private final ComponentContext context;
    private final CpuCore core;
    private final ServiceTime reportLatency;
    private final RandomGenerator random;
    private final Counter terminated;

    @Inject
    TerminatingFaultHandler(ComponentContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.reportLatency = context.parameters().get(TerminatingFaultHandlerType.REPORT_LATENCY);
        this.random = context.random();
        String coreName = context.parameters().get(TerminatingFaultHandlerType.CORE);
        if (coreName.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core to run the fault report on");
        }
        this.core = coreName.isEmpty() ? context.resources().cores().get(0) : context.resources().requireCore(coreName);
        this.terminated = TerminatingFaultHandlerType.TERMINATED.counter(context.metrics());
    }

    @Override
    public void handle(PageFault fault) {
        core.run("terminate/report", WorkPriority.INTERRUPT, reportLatency.draw(random), fault.record().id(), () -> {
            terminated.increment();
            fault.terminate();
        });
    }

    @Override
    public long resolved() {
        return 0;
    }

    @Override
    public long terminated() {
        return terminated.value();
    }
}
