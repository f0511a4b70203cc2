package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.Scheduler;
import org.iopf.reference.PinnedBufferManagerType;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/** A component sees the run's services from the simulation injector and its node's from the node's. */
final class SimulationInjectorTest {
    /** Where probes report themselves. */
    static final class Probes {
        final List<Probe> created = new ArrayList<>();
    }

    /** Records what it was given. */
    static final class Probe {
        final Scheduler scheduler;
        final Tracer tracer;
        final Fabric fabric;
        final MemoryManager memory;
        final ComponentContext context;

        @Inject
        Probe(Scheduler scheduler, Tracer tracer, Fabric fabric, MemoryManager memory, ComponentContext context,
                Probes probes) {
            probes.created.add(this);
            this.scheduler = scheduler;
            this.tracer = tracer;
            this.fabric = fabric;
            this.memory = memory;
            this.context = context;
        }
    }

    /** A buffer manager that is a reference one plus a probe of its injections. */
    static final class ProbeType implements ComponentType {
        final Probes probes = new Probes();

        @Override
        public String name() {
            return "probe-buffers";
        }

        @Override
        public String description() {
            return "reference buffers with a probe";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.BUFFER_MANAGER);
        }

        @Override
        public List<org.iopf.api.platform.ParameterSpec> parameters() {
            return new PinnedBufferManagerType().parameters();
        }

        @Override
        public Module module(ComponentContext context) {
            Module reference = new PinnedBufferManagerType().module(context);
            return new AbstractModule() {
                @Override
                protected void configure() {
                    install(reference);
                    bind(Probes.class).toInstance(probes);
                    bind(Probe.class).asEagerSingleton();
                }
            };
        }
    }

    @Test
    void componentsGetTheRunsSchedulerTracerFabricAndTheirNodesMemoryManager() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        ProbeType type = new ProbeType();
        registry.register(type, "test");
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(1);
        NodeSpec node = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 1)),
                List.of(ComponentSpec.of("buffers", "probe-buffers")));
        Simulation sim = Simulation.build(new PlatformSpec(1, base.defaultLink(), 0, List.of(node)), registry);

        assertThat(type.probes.created).hasSize(1);
        Probe probe = type.probes.created.get(0);
        assertThat(probe.scheduler).isSameAs(sim.kernel());
        assertThat(probe.fabric).isSameAs(sim.fabric());
        assertThat(probe.tracer).isSameAs(Tracer.NONE);
        assertThat(probe.memory).isSameAs(sim.node("node1").orElseThrow().memoryManager());
        assertThat(probe.context.parameters()).isNotNull();
        assertThat(sim.node("node1").orElseThrow().role(BufferManager.class)).isPresent();
    }
}
