package org.iopf.testkit;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.node.SimNode;
import org.iopf.core.observe.ChromeTraceWriter;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.observe.TraceFilter;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.run.RunFailedException;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/**
 * A platform built in a plain JUnit test: the nodes, components and fabric of a platform file's
 * text, found on the test's class path (the component under test is found through its
 * {@code META-INF/services} entry, as the distribution finds it in a plugin zip). Nothing runs until
 * the test says so; the test then drives the components through their API roles and runs the
 * simulation with {@link #run()} or {@link #runFor(long)}.
 *
 * <p>Every bench records a trace, so that {@link #traceJson()} of two benches built from the same
 * text and seed and driven the same way can be compared byte for byte.
 *
 * <pre>{@code
 * TestBench bench = TestBench.of("""
 *     nodes:
 *       - name: node1
 *         cores: [{cluster: cpu, count: 2}]
 *         memory: {numa: [1GiB]}
 *         iommu: {type: my-iommu}
 *         faults: {type: terminate}
 *     """);
 * Iommu iommu = bench.role("node1", Iommu.class);
 * }</pre>
 *
 * <p>A bench is used by one thread and is not reused across tests.
 *
 * @since 0.1
 */
public final class TestBench {
    private static final int TRACE_CAPACITY = 1_000_000;

    private final Simulation simulation;
    private final TimelineTracer tracer;
    private final ExtensionRegistry registry;

    private TestBench(PlatformSpec platform, ExtensionRegistry registry) {
        this.registry = registry;
        TimelineTracer[] made = new TimelineTracer[1];
        this.simulation = Simulation.build(platform, registry, scheduler -> {
            made[0] = new TimelineTracer(scheduler, TRACE_CAPACITY, TraceFilter.ALL);
            return made[0];
        });
        this.tracer = made[0];
    }

    /**
     * Builds the platform of a platform file's text (see {@code docs/platform-files.md}): its
     * {@code seed} (1 when absent), {@code fabric} and {@code nodes}. A {@code workload:} section may
     * be present and is ignored here; {@link #runWorkload} runs one.
     *
     * @param platformYaml the text, not null
     * @return the bench, built and wired, at time 0
     * @throws IllegalArgumentException if the text is not a valid platform (the message names the
     *     line and what was expected) or a component cannot be assembled
     */
    public static TestBench of(String platformYaml) {
        requireNonNull(platformYaml, "platformYaml is null");
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(classLoader());
        return new TestBench(new PlatformFileReader(registry).readPlatform("test platform", platformYaml), registry);
    }

    /**
     * Builds the platform of {@code platformYaml} with another seed.
     *
     * @param platformYaml the text, not null
     * @param seed the run's seed, replacing the text's
     * @return the bench
     */
    public static TestBench of(String platformYaml, long seed) {
        requireNonNull(platformYaml, "platformYaml is null");
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(classLoader());
        PlatformSpec platform = new PlatformFileReader(registry).readPlatform("test platform", platformYaml);
        return new TestBench(platform.withSeed(seed), registry);
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : TestBench.class.getClassLoader();
    }

    /**
     * The node named {@code name}.
     *
     * @throws IllegalArgumentException if the platform has no such node
     */
    public Node node(String name) {
        return simNode(name);
    }

    /**
     * The component filling role {@code apiType} on node {@code node}.
     *
     * @throws IllegalArgumentException if the node does not exist
     * @throws IllegalStateException if the node has no component for the role
     */
    public <T> T role(String node, Class<T> apiType) {
        return simNode(node).requireRole(apiType);
    }

    /**
     * The type name of the component filling {@code role} on node {@code node} ({@code zynq-smmu}),
     * or empty if the node has none.
     */
    public Optional<String> componentType(String node, Role role) {
        return simNode(node).componentType(role);
    }

    /**
     * What the type of the component filling {@code role} on node {@code node} declares it offers
     * ({@link org.iopf.api.platform.ComponentType#capabilities()}), which validation trusts; empty
     * if the node has none.
     */
    public Set<Capability> capabilities(String node, Role role) {
        return componentType(node, role).map(type -> registry.require(type).capabilities()).orElse(Set.of());
    }

    /** The memory manager of node {@code node}: address spaces, page tables, physical memory. */
    public MemoryManager memoryManager(String node) {
        return simNode(node).memoryManager();
    }

    /**
     * The fault sink of node {@code node}: where its IOMMU and devices raise faults, and from which
     * its fault handler is called.
     */
    public FaultSink faultSink(String node) {
        return simNode(node).faultQueue();
    }

    /** The simulation's scheduler, to schedule a test's own events. */
    public Scheduler scheduler() {
        return simulation.kernel();
    }

    /** The simulated time now, in nanoseconds. */
    public long now() {
        return simulation.kernel().now();
    }

    /** The number of events scheduled and not yet run. */
    public int pendingEvents() {
        return simulation.kernel().pending();
    }

    /**
     * Runs until no event is left.
     *
     * An exception thrown by an event (a defect of the component that scheduled it) propagates.
     */
    public void run() {
        simulation.kernel().run();
    }

    /**
     * Runs the events of the next {@code nanos} nanoseconds and stops with time at their end, even
     * if events are left (a periodic timer never lets {@link #run()} end).
     */
    public void runFor(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must be >= 0: " + nanos);
        }
        simulation.kernel().runUntil(now() + nanos);
    }

    /**
     * Creates and starts the workload {@code type} (found on the class path) with raw parameter
     * values, and runs until it finishes and no event is left; then takes the workload's outcome.
     *
     * @return what the run did
     * @throws IllegalArgumentException if the type is unknown or a parameter is bad
     * @throws RunFailedException if an event throws (wrapped with the simulated time)
     */
    public WorkloadRun runWorkload(String type, Map<String, String> parameters) {
        requireNonNull(type, "type is null");
        requireNonNull(parameters, "parameters is null");
        WorkloadType workload = registry.findWorkload(type).orElseThrow(() -> new IllegalArgumentException(
                "no workload type '" + type + "' on the class path; known: " + registry.workloadNames()));
        SimWorkloadContext context = simulation.run(workload, parameters);
        return new WorkloadRun(context.isFinished(), context.isFinished() ? context.finishedAt() : -1, now(),
                metrics(), context.outcome());
    }

    /**
     * The run's metrics now, by full name ({@code node1.iommu.faults}): counters and gauges as
     * their value, histograms as their count, mean and percentiles in one line of text.
     */
    public SortedMap<String, String> metrics() {
        SortedMap<String, String> values = new TreeMap<>();
        simulation.metrics().snapshot().forEach((name, value) -> values.put(name, value.toString()));
        return values;
    }

    /**
     * The value of counter or gauge {@code name} ({@code node1.iommu.faults}), or 0 if the run has no
     * such metric.
     *
     * @throws IllegalArgumentException if {@code name} is a histogram
     */
    public long counter(String name) {
        var value = simulation.metrics().snapshot().get(name);
        if (value == null) {
            return 0;
        }
        if (value instanceof MetricValue.CounterValue c) {
            return c.value();
        }
        if (value instanceof MetricValue.GaugeValue g) {
            return g.value();
        }
        throw new IllegalArgumentException(name + " is a histogram, not a counter");
    }

    /** The number of trace events recorded so far. */
    public int traceEvents() {
        return tracer.size();
    }

    /**
     * The trace recorded so far as Chrome trace-event JSON: the same bytes {@code iopf run --trace}
     * writes, so two runs can be compared exactly.
     */
    public String traceJson() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ChromeTraceWriter.write(tracer, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private SimNode simNode(String name) {
        requireNonNull(name, "name is null");
        return simulation.node(name).orElseThrow(() -> new IllegalArgumentException("no node '" + name
                + "'; nodes are " + simulation.nodes().stream().map(n -> n.id().name()).toList()));
    }
}
