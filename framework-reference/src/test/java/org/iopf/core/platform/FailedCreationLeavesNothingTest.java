package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Scopes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.DataRate;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/**
 * A component that fails while being created leaves nothing behind: what it registered before
 * failing (a bandwidth resource) is taken back, so Guice's second attempt at the same singleton
 * fails for the same reason instead of "already exists", and the message names the real cause.
 */
final class FailedCreationLeavesNothingTest {
    /** A fault handler whose constructor takes a port, then fails. */
    static final class HalfBuiltHandler implements FaultHandler {
        @Inject
        HalfBuiltHandler(ComponentContext context) {
            context.resources().bandwidth(context.name() + ".port", DataRate.gbps(1));
            throw new IllegalStateException("firmware image missing");
        }

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
    }

    /** Binds the class itself and the role to it, as plugins with several roles do. */
    static final class HalfBuiltType implements ComponentType {
        @Override
        public String name() {
            return "half-built";
        }

        @Override
        public String description() {
            return "fails in its constructor after taking a resource";
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
                    bind(HalfBuiltHandler.class).in(Scopes.SINGLETON);
                    bind(FaultHandler.class).to(HalfBuiltHandler.class);
                }
            };
        }
    }

    @Test
    void theMessageNamesTheConstructorsFailureNotADuplicateResource() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader()).copy();
        registry.register(new HalfBuiltType(), "test");
        NodeSpec node = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                List.of(ComponentSpec.of("iommu", "premapped-iommu"), ComponentSpec.of("faults", "half-built")));
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);

        assertThatThrownBy(() -> Simulation.build(new PlatformSpec(1, base.defaultLink(), 0, List.of(node)), registry))
                .isInstanceOf(AssemblyException.class)
                .hasMessageContaining("IllegalStateException: firmware image missing")
                .hasMessageNotContaining("already exists");
    }
}
