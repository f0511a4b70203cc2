package org.iopf.core.run;

import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.observe.Tracer;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;

/**
 * Runs a {@link Scenario}: builds its simulation from the registry's component types, runs its
 * workload to the end, and hands back the {@link CompletedRun}. One run at a time per runner; the
 * run happens on the caller's thread.
 */
public final class ScenarioRunner {
    private final ExtensionRegistry registry;
    private final Tracer tracer;

    /** A runner over {@code registry} without tracing. */
    public ScenarioRunner(ExtensionRegistry registry) {
        this(registry, Tracer.NONE);
    }

    /** A runner over {@code registry} that records trace events into {@code tracer}. */
    public ScenarioRunner(ExtensionRegistry registry, Tracer tracer) {
        this.registry = Objects.requireNonNull(registry, "registry is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
    }

    /**
     * Checks that {@code scenario} can run without running it: assembles every node (roles,
     * bindings, component parameters) and creates the workload (its parameters and their ranges).
     *
     * @throws IllegalArgumentException when the workload type is unknown or a parameter is bad
     * @throws org.iopf.core.platform.AssemblyException when a node cannot be assembled
     */
    public void check(Scenario scenario) {
        Objects.requireNonNull(scenario, "scenario is null");
        WorkloadType workload = registry.requireWorkload(scenario.workload().type());
        Simulation.build(scenario.platform(), registry, tracer).check(workload, scenario.workload().parameters());
    }

    /** Runs {@code scenario}. */
    public CompletedRun run(Scenario scenario) {
        return run(scenario, simulation -> { });
    }

    /**
     * Runs {@code scenario}, calling {@code onBuilt} once the simulation is assembled and before
     * any event runs (a progress display attaches there).
     *
     * @throws IllegalArgumentException when the workload type is unknown or a parameter is bad
     * @throws org.iopf.core.platform.AssemblyException when a node cannot be assembled
     */
    public CompletedRun run(Scenario scenario, Consumer<Simulation> onBuilt) {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(onBuilt, "onBuilt is null");
        WorkloadType workload = registry.requireWorkload(scenario.workload().type());
        Simulation simulation = Simulation.build(scenario.platform(), registry, tracer);
        onBuilt.accept(simulation);
        long wallStart = System.nanoTime();
        SimWorkloadContext context = simulation.run(workload, scenario.workload().parameters());
        return new CompletedRun(scenario, simulation, context, System.nanoTime() - wallStart);
    }
}
