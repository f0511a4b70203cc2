package org.iopf.core.reference;

import jakarta.inject.Inject;
import java.util.Objects;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.observe.Counter;
import org.iopf.api.platform.ComponentContext;

/**
 * The baseline fault handler: a system that pins everything has no way to resolve a device page
 * fault, so it reports every fault as unrecoverable and terminates it after the time the driver
 * takes to notice ({@code reportLatency}).
 */
final class TerminatingFaultHandler implements FaultHandler {
    private final ComponentContext context;
    private final long reportLatency;
    private final Counter terminated;

    @Inject
    TerminatingFaultHandler(ComponentContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.reportLatency = context.parameters().duration("reportLatency");
        this.terminated = context.metrics().counter("faults.terminated", "faults");
    }

    @Override
    public void handle(PageFault fault) {
        context.scheduler().schedule(reportLatency, () -> {
            terminated.increment();
            if (context.tracer().enabled()) {
                context.tracer().instant(context.path(), "terminate " + fault.record().kind(), fault.record().id());
            }
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
