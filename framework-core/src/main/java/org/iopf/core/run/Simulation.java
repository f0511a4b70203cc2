package org.iopf.core.run;

import com.google.inject.Injector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.fabric.SwitchedFabric;
import org.iopf.core.mem.DemandPagingMemoryManager;
import org.iopf.core.mem.SparsePhysicalMemory;
import org.iopf.core.node.NodeFaultQueue;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NodeAssembler;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.ResolvedParameters;
import org.iopf.core.platform.ScenarioValidator;
import org.iopf.core.sim.EventKernel;
import org.iopf.core.sim.NodeResources;
import org.iopf.core.sim.SplitRandomStreams;

/**
 * One simulation of a platform: the event kernel, the random streams, the metrics, the fabric and
 * the nodes with their components. Built from a {@link PlatformSpec}; run on the caller's thread.
 * Fault ids are counted run-wide, so that one id names one fault (and one trace flow) in the run.
 */
public final class Simulation {
    private final EventKernel kernel;
    private final SplitRandomStreams random;
    private final MetricRegistry metrics;
    private final Tracer tracer;
    private final SwitchedFabric fabric;
    private final Map<String, SimNode> nodes = new LinkedHashMap<>();
    private final Map<String, Inspectable> inspectables;
    private long nextFaultId = 1;
    private volatile SimWorkloadContext running;
    private final PlatformSpec platform;
    private final ScenarioValidator validator;
    /** The simulation-wide injector; the node injectors are its children. Dies with the simulation. */
    private final Injector injector;

    private Simulation(PlatformSpec platform, ExtensionRegistry registry, Function<Scheduler, Tracer> tracers) {
        this.platform = platform;
        this.validator = new ScenarioValidator(registry);
        validator.validatePlatform(platform);
        this.kernel = new EventKernel();
        this.random = new SplitRandomStreams(platform.seed());
        this.metrics = new MetricRegistry(kernel::now, name -> name.startsWith("workload."));
        this.tracer = Objects.requireNonNull(tracers.apply(kernel), "tracer is null");
        this.fabric = new SwitchedFabric(kernel, random, platform.defaultLink(), platform.switchLatencyNanos());
        this.injector = NodeAssembler.simulationInjector(kernel, random, metrics, tracer, fabric);
        NodeAssembler assembler = new NodeAssembler(registry, injector);
        for (NodeSpec spec : platform.nodes()) {
            nodes.put(spec.name(), buildNode(spec, assembler));
        }
        this.inspectables = assembler.inspectables();
    }

    /**
     * Builds a simulation: the platform is validated ({@link ScenarioValidator#validatePlatform}),
     * its components created and wired; nothing has run yet.
     */
    public static Simulation build(PlatformSpec platform, ExtensionRegistry registry) {
        return new Simulation(platform, registry, scheduler -> Tracer.NONE);
    }

    /** Builds a simulation that records trace events into {@code tracer}. */
    public static Simulation build(PlatformSpec platform, ExtensionRegistry registry, Tracer tracer) {
        Objects.requireNonNull(tracer, "tracer is null");
        return new Simulation(platform, registry, scheduler -> tracer);
    }

    /**
     * Builds a simulation whose tracer is made from its own clock ({@code scheduler ->
     * new TimelineTracer(scheduler, cap, filter)}), called once before any component is created.
     */
    public static Simulation build(PlatformSpec platform, ExtensionRegistry registry,
            Function<Scheduler, Tracer> tracerFactory) {
        return new Simulation(platform, registry, Objects.requireNonNull(tracerFactory, "tracerFactory is null"));
    }

    private SimNode buildNode(NodeSpec spec, NodeAssembler assembler) {
        NodeId id = new NodeId(spec.name());
        SparsePhysicalMemory memory = new SparsePhysicalMemory(spec.name() + ".dram", spec.memory().topology(),
                spec.memory().contentMode());
        DemandPagingMemoryManager manager = new DemandPagingMemoryManager(memory, kernel, spec.memory().manager());
        NodeResources resources = new NodeResources(kernel, spec.cores(), spec.name(), tracer);
        NodeFaultQueue faults = new NodeFaultQueue(spec.name(), kernel, metrics.scope(spec.name()),
                () -> nextFaultId++, tracer);
        return assembler.assemble(id, manager, resources, faults, spec.components());
    }

    /**
     * The context of the workload that runs or ran last, if any. A progress display may read its
     * {@link SimWorkloadContext#progressFraction()} from another thread while the run goes on.
     */
    public Optional<SimWorkloadContext> workload() {
        return Optional.ofNullable(running);
    }

    /** The event kernel. */
    public EventKernel kernel() {
        return kernel;
    }

    /** The run's metrics. */
    public MetricRegistry metrics() {
        return metrics;
    }

    /** The run's tracer ({@link Tracer#NONE} when nothing is traced). */
    public Tracer tracer() {
        return tracer;
    }

    /**
     * The components whose role object implements {@link Inspectable}, by path
     * ({@code node1/smmu}), in declaration order.
     */
    public Map<String, Inspectable> inspectables() {
        return inspectables;
    }

    /** The run's random streams. */
    public SplitRandomStreams random() {
        return random;
    }

    /** The fabric. */
    public SwitchedFabric fabric() {
        return fabric;
    }

    /** The nodes in declaration order. */
    public List<SimNode> nodes() {
        return List.copyOf(nodes.values());
    }

    /** The node named {@code name}. */
    public Optional<SimNode> node(String name) {
        return Optional.ofNullable(nodes.get(name));
    }

    /**
     * Creates a workload of {@code type} with raw parameter values, starts it, and runs until it
     * finishes and no event is left (or the kernel is stopped); then asks the workload for its
     * {@link Workload#outcome() outcome}, kept in the context. Bad parameters and a platform that
     * lacks what the workload declares it needs ({@link ScenarioValidator}) throw an
     * {@link IllegalArgumentException} before the first event; an exception out of an event (or
     * out of the outcome) is a defect and comes wrapped in a {@link RunFailedException}.
     *
     * @return the workload's context, with its metrics and outcome
     */
    public SimWorkloadContext run(WorkloadType type, Map<String, String> parameters) {
        Prepared prepared = prepare(type, parameters);
        running = prepared.context();
        prepared.workload().start();
        try {
            kernel.run();
            prepared.context().conclude(prepared.workload().outcome());
        } catch (RuntimeException e) {
            throw new RunFailedException(kernel.now(), e);
        }
        return prepared.context();
    }

    /**
     * Creates a workload of {@code type} with raw parameter values without starting it, so that
     * its parameters are checked (by their specs and by the workload's own constructor) before
     * anything runs; {@code iopf validate} uses it.
     *
     * @throws IllegalArgumentException when a parameter is unknown, missing or out of range
     */
    public void check(WorkloadType type, Map<String, String> parameters) {
        prepare(type, parameters);
    }

    private Prepared prepare(WorkloadType type, Map<String, String> parameters) {
        validator.validateWorkload(platform, type, parameters);
        ResolvedParameters resolved = new ResolvedParameters("workload (" + type.name() + ")", type.parameters(),
                parameters);
        resolved.requireNodes(platform.componentNames());
        SimWorkloadContext context = new SimWorkloadContext(kernel, resolved,
                List.<Node>copyOf(nodes.values()), random.stream("workload/" + type.name()),
                metrics.scope("workload"), tracer);
        return new Prepared(context, type.create(context));
    }

    /** A workload created and not yet started, with its context. */
    private record Prepared(SimWorkloadContext context, Workload workload) {
    }

}
