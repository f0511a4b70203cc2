package org.iopf.core.run;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.observe.IntervalMetricsRecorder;
import org.iopf.core.observe.MetricsTimeline;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.ScenarioValidator;

/**
 * Runs a {@link Scenario}: builds its simulation from the registry's component types, runs its
 * workload to the end, and hands back the {@link CompletedRun} with the run's wall time and peak
 * heap (the heap pools' peaks are reset when the run starts) and, if asked for, periodic dumps of
 * its metrics. With an enabled tracer it also samples each node's resident and pinned pages as
 * trace counters ({@code node1/memory}, at most every microsecond of simulated time). A runner may
 * bound its runs' simulated time and events ({@link RunLimits}). One run at a time per runner; the
 * run happens on the caller's thread.
 */
public final class ScenarioRunner {
    private final ExtensionRegistry registry;
    private final Function<Scheduler, Tracer> tracers;
    private final long statsIntervalNanos;
    private final RunLimits limits;

    /** A runner over {@code registry} without tracing. */
    public ScenarioRunner(ExtensionRegistry registry) {
        this(registry, Tracer.NONE);
    }

    /** A runner over {@code registry} that records trace events into {@code tracer}. */
    public ScenarioRunner(ExtensionRegistry registry, Tracer tracer) {
        this(registry, constant(tracer), 0);
    }

    /**
     * A runner over {@code registry} whose runs trace into a tracer made from each simulation's
     * clock and dump their metrics every {@code statsIntervalNanos} of simulated time.
     *
     * @param registry the extensions, not null
     * @param tracers makes the tracer of a run from its scheduler ({@code s -> Tracer.NONE} for
     *     none), not null
     * @param statsIntervalNanos the interval of metric dumps in ns, {@code > 0}, or 0 for none
     */
    public ScenarioRunner(ExtensionRegistry registry, Function<Scheduler, Tracer> tracers, long statsIntervalNanos) {
        this(registry, tracers, statsIntervalNanos, RunLimits.NONE);
    }

    /**
     * A runner as {@link #ScenarioRunner(ExtensionRegistry, Function, long)} whose runs stop at
     * {@code limits} ({@link CompletedRun#cutShort()} says when one did).
     *
     * @param limits the bounds of each run, not null; {@link RunLimits#NONE} for none
     */
    public ScenarioRunner(ExtensionRegistry registry, Function<Scheduler, Tracer> tracers, long statsIntervalNanos,
            RunLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits is null");
        this.registry = Objects.requireNonNull(registry, "registry is null");
        this.tracers = Objects.requireNonNull(tracers, "tracers is null");
        if (statsIntervalNanos < 0) {
            throw new IllegalArgumentException("statsIntervalNanos must be >= 0: " + statsIntervalNanos);
        }
        this.statsIntervalNanos = statsIntervalNanos;
    }

    private static Function<Scheduler, Tracer> constant(Tracer tracer) {
        Objects.requireNonNull(tracer, "tracer is null");
        return scheduler -> tracer;
    }

    /**
     * Checks that {@code scenario} can run without running it: validates it
     * ({@link ScenarioValidator}: parameters in range, what the workload and the components need of
     * the nodes), assembles every node (roles, bindings, the components' own checks) and creates
     * the workload.
     *
     * @throws IllegalArgumentException when the workload type is unknown or a parameter is bad; an
     *     {@link org.iopf.core.platform.InvalidScenarioException} naming the scenario's source when
     *     the validation fails
     * @throws org.iopf.core.platform.AssemblyException when a node cannot be assembled
     */
    public void check(Scenario scenario) {
        Objects.requireNonNull(scenario, "scenario is null");
        new ScenarioValidator(registry).validate(scenario);
        WorkloadType workload = registry.requireWorkload(scenario.workload().type());
        Simulation.build(scenario.platform(), registry, scheduler -> Tracer.NONE).check(workload, scenario.workload().parameters());
    }

    /** Runs {@code scenario}. */
    public CompletedRun run(Scenario scenario) {
        return run(scenario, simulation -> { });
    }

    /**
     * Runs {@code scenario}, calling {@code onBuilt} once the simulation is assembled and before
     * any event runs (a progress display attaches there). It is validated first, as
     * {@link #check} does.
     *
     * @throws IllegalArgumentException when the workload type is unknown or a parameter is bad
     * @throws org.iopf.core.platform.AssemblyException when a node cannot be assembled
     */
    public CompletedRun run(Scenario scenario, Consumer<Simulation> onBuilt) {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(onBuilt, "onBuilt is null");
        new ScenarioValidator(registry).validate(scenario);
        WorkloadType workload = registry.requireWorkload(scenario.workload().type());
        Simulation simulation = Simulation.build(scenario.platform(), registry, tracers);
        IntervalMetricsRecorder stats = statsIntervalNanos > 0
                ? new IntervalMetricsRecorder(simulation.metrics(), statsIntervalNanos) : null;
        MemoryCounterSampler memory = simulation.tracer().enabled()
                ? new MemoryCounterSampler(simulation.nodes(), simulation.tracer()) : null;
        if (stats != null && memory != null) {
            simulation.kernel().setExecutionListener((time, sequence) -> {
                stats.executed(time, sequence);
                memory.executed(time, sequence);
            });
        } else if (stats != null || memory != null) {
            simulation.kernel().setExecutionListener(stats != null ? stats : memory);
        }
        if (limits.bounded()) {
            simulation.kernel().limit(limits.maxSimTimeNanos(), limits.maxEvents());
        }
        onBuilt.accept(simulation);
        HeapPeak.reset();
        long wallStart = System.nanoTime();
        SimWorkloadContext context = simulation.run(workload, scenario.workload().parameters());
        long wallNanos = System.nanoTime() - wallStart;
        if (memory != null) {
            memory.sample();
        }
        long peakHeap = HeapPeak.read();
        long end = context.finishedAt() >= 0 ? context.finishedAt() : simulation.kernel().now();
        MetricsTimeline timeline = stats == null ? MetricsTimeline.NONE : stats.finish(end);
        return new CompletedRun(scenario, simulation, context, wallNanos, peakHeap, timeline);
    }
}
