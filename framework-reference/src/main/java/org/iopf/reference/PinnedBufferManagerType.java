package org.iopf.reference;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import java.util.List;
import java.util.Set;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.Source;
import org.iopf.api.platform.Parameter;
import org.iopf.api.platform.Role;

/**
 * Component type {@code pinned-buffers}: the baseline buffer manager that pins every buffer up front.
 */
public final class PinnedBufferManagerType implements ComponentType {
    static final Parameter<Long> COHERENT_LIMIT = Parameter.bytes("coherentLimit",
            "largest coherent (control-structure) allocation; Linux's largest is 4 MiB (MAX_ORDER pages)")
            .byDefault("4KiB").range("0B", "4MiB")
            .from(Source.seed("004", "§2.1 (coherent allocation for control structures <= 4 KiB)"));

    static final StatisticSpec RESERVED = StatisticSpec.gauge("reserved", "bytes", "bytes of the live buffers");
    static final StatisticSpec BUFFERS = StatisticSpec.gauge("buffers", "buffers", "live buffers");

    @Override
    public String name() {
        return "pinned-buffers";
    }

    @Override
    public String description() {
        return "Baseline buffer manager: pins every buffer in full at allocation, refuses beyond the pinnable limit";
    }

    @Override
    public Set<Role> roles() {
        return Set.of(Role.BUFFER_MANAGER);
    }

    @Override
    public List<ParameterSpec> parameters() {
        return Parameter.specs(COHERENT_LIMIT);
    }

    @Override
    public List<StatisticSpec> statistics() {
        return List.of(RESERVED, BUFFERS);
    }

    @Override
    public Module module(ComponentContext context) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bind(BufferManager.class).to(PinnedBufferManager.class).in(Scopes.SINGLETON);
            }
        };
    }
}
