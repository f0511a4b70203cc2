package org.iopf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.ChromeTraceWriter;
import org.iopf.core.observe.TimelineTracer;
import org.iopf.core.observe.TraceFilter;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginLease;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.iopf.core.run.Simulation;

/**
 * Reads and runs platform files against the plugin host: the plugins whose types a run uses are
 * leased for its length (so they cannot be unloaded under it), a progress bar shows on long runs,
 * and the outcome is a {@link RunResult}. Nothing of the simulation is kept after the run, so that
 * its plugins can be unloaded and their class loaders collected. With the progress display on, the
 * run's speed (events, events per second, simulated seconds per wall second, peak heap) is printed
 * on standard error when it ends. A run with {@code --trace} writes its trace when it ends.
 */
final class ScenarioExecutor {
    private final PluginHost host;
    private final PrintWriter err;
    private final boolean progress;
    private Consumer<Simulation> onStart = simulation -> { };

    ScenarioExecutor(PluginHost host, PrintWriter err, boolean progress) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.err = Objects.requireNonNull(err, "err is null");
        this.progress = progress;
    }

    /** Tells {@code listener} each simulation as it starts (the shell, to cancel it on Ctrl-C). */
    ScenarioExecutor onStart(Consumer<Simulation> listener) {
        this.onStart = Objects.requireNonNull(listener, "listener is null");
        return this;
    }

    /** Reads and validates a platform file against the extensions known now. */
    Scenario read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such platform file: " + file);
        }
        return new PlatformFileReader(host.registry()).read(file);
    }

    /** {@code scenario} with command-line parameter settings applied (see {@link ScenarioOverrides}). */
    Scenario override(Scenario scenario, java.util.List<String> settings) {
        return ScenarioOverrides.apply(scenario, settings, host.registry());
    }

    /** Assembles {@code scenario}'s nodes and creates its workload without running anything. */
    void check(Scenario scenario) {
        ExtensionRegistry registry = host.registry();
        try (PluginLease lease = host.lease(pluginsUsed(scenario, registry), "a check of " + scenario.source())) {
            new ScenarioRunner(registry).check(scenario);
        }
    }

    /** Runs {@code scenario} without trace or statistics dumps. */
    RunResult run(Scenario scenario) {
        return run(scenario, null, TraceFilter.ALL, 0, 0);
    }

    /** Runs {@code scenario} with the trace and statistics interval of {@code options}. */
    RunResult run(Scenario scenario, ObservationOptions options) {
        return run(scenario, options.trace, options.traceFilter(), options.traceMaxEvents,
                options.statsIntervalNanos());
    }

    private RunResult run(Scenario scenario, Path traceFile, TraceFilter filter, int traceCap, long statsInterval) {
        ExtensionRegistry registry = host.registry();
        Set<String> plugins = pluginsUsed(scenario, registry);
        AtomicReference<ProgressBar> bar = new AtomicReference<>();
        AtomicReference<TimelineTracer> trace = new AtomicReference<>();
        try (PluginLease lease = host.lease(plugins, "a run of " + scenario.source())) {
            ScenarioRunner runner = new ScenarioRunner(registry, scheduler -> {
                if (traceFile == null) {
                    return Tracer.NONE;
                }
                TimelineTracer tracer = new TimelineTracer(scheduler, traceCap, filter);
                trace.set(tracer);
                return tracer;
            }, statsInterval);
            CompletedRun run = runner.run(scenario, simulation -> {
                onStart.accept(simulation);
                if (progress) {
                    bar.set(ProgressBar.start(err, simulation, scenario.name()));
                }
            });
            closeBar(bar);
            RunResult result = RunResult.of(run);
            if (progress) {
                result.speed().ifPresent(speed -> err.println(scenario.name() + ": " + speed.line()));
            }
            if (traceFile != null) {
                writeTrace(trace.get(), traceFile);
            }
            return result;
        } finally {
            closeBar(bar);
        }
    }

    private void writeTrace(TimelineTracer tracer, Path file) {
        Path parent = file.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot create " + parent, e);
        }
        ChromeTraceWriter.write(tracer, file);
        err.println("wrote trace " + file + " (" + tracer.size() + " events)");
        if (tracer.dropped() > 0) {
            err.println("note: the trace reached its cap of " + tracer.capacity() + " events at "
                    + Time.format(tracer.capReachedAtNanos()) + " of simulated time; "
                    + tracer.dropped() + " later events were dropped (raise --trace-max-events or narrow it with "
                    + "--trace-node, --trace-component, --trace-window)");
        }
        err.flush();
    }

    private static void closeBar(AtomicReference<ProgressBar> bar) {
        ProgressBar b = bar.getAndSet(null);
        if (b != null) {
            b.close();
        }
    }

    /**
     * The plugins that contributed the component and workload types {@code scenario} uses, and
     * those that contributed extensions of other extension points (a migration policy), which its
     * components may look up while they are built and use while the run goes on.
     */
    static Set<String> pluginsUsed(Scenario scenario, ExtensionRegistry registry) {
        Set<String> types = new TreeSet<>();
        for (NodeSpec node : scenario.platform().nodes()) {
            for (ComponentSpec component : node.components()) {
                types.add(component.type());
            }
        }
        Set<String> plugins = new TreeSet<>(registry.pluginsOf(types));
        registry.workloadRegistration(scenario.workload().type())
                .flatMap(ExtensionRegistry.RegisteredWorkload::pluginId).ifPresent(plugins::add);
        plugins.addAll(registry.pluginsOfOtherExtensions());
        return plugins;
    }
}
