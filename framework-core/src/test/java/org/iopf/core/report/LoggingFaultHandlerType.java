package org.iopf.core.report;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;

/**
 * A test component type, {@code logging-terminate}: a fault handler that terminates every fault at
 * once and offers two views, {@code log} (one line per fault) and {@code summary}.
 */
final class LoggingFaultHandlerType implements ComponentType {
    @Override
    public String name() {
        return "logging-terminate";
    }

    @Override
    public String description() {
        return "test: terminates faults and keeps a log of them as views";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.FAULT_HANDLER);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(FaultHandler.class).to(LoggingFaultHandler.class).in(Scopes.SINGLETON);
            }
        };
    }

    /** The handler. */
    static final class LoggingFaultHandler implements FaultHandler, Inspectable {
        private final List<String> log = new ArrayList<>();

        @Inject
        LoggingFaultHandler() {
        }

        @Override
        public void handle(PageFault fault) {
            log.add(fault.record().kind() + " 0x" + Long.toHexString(fault.record().address()));
            fault.terminate();
        }

        @Override
        public long resolved() {
            return 0;
        }

        @Override
        public long terminated() {
            return log.size();
        }

        @Override
        public List<String> views() {
            return List.of("summary", "log");
        }

        @Override
        public List<String> render(String view) {
            return switch (view) {
                case "summary" -> List.of("terminated " + log.size());
                case "log" -> List.copyOf(log);
                default -> throw new IllegalArgumentException("no view " + view);
            };
        }
    }
}
