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
import org.iopf.core.run.RunLimits;
import org.iopf.core.run.ScenarioRunner;
import org.iopf.core.run.Simulation;

/**
 * Reads and runs platform files against the plugin host: the plugins whose types a run uses are
 * leased for its length (so they cannot be unloaded under it), a progress bar shows on long runs,
 * and the outcome is a {@link RunResult}. Nothing of the simulation is kept after the run, so that
 * its plugins can be unloaded and their class loaders collected. A progress bar is drawn only when
 * standard error is a terminal, and {@link StatusOutput} decides it; unless quiet, the
 * run's speed (events, events per second, simulated seconds per wall second, peak heap) is printed
 * on standard error when it ends. A run with {@code --trace} hands its trace back to be written
 * ({@link ObservedRun}).
 */
final class ScenarioExecutor {
    private final PluginHost host;
    private final StatusOutput status;
    private Consumer<Simulation> onStart = simulation -> { };

    /** An executor that shows progress (on a terminal) and speed lines if {@code progress}. */
    ScenarioExecutor(PluginHost host, PrintWriter err, boolean progress) {
        this(host, new StatusOutput(err, TerminalInfo.detect(), false, !progress));
    }

    /** An executor whose bar, speed lines and notes follow {@code status}. */
    ScenarioExecutor(PluginHost host, StatusOutput status) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.status = Objects.requireNonNull(status, "status is null");
    }

    /** Tells {@code listener} each simulation as it starts (the shell, to cancel it on Ctrl-C). */
    ScenarioExecutor onStart(Consumer<Simulation> listener) {
        this.onStart = Objects.requireNonNull(listener, "listener is null");
        return this;
    }

    /**
     * Reads and validates a platform file against the extensions known now, after starting the
     * plugins held back by a lazy host ({@link PluginHost#loadAndStartLazily()}) that declare the
     * types it names.
     */
    Scenario read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such platform file: " + file);
        }
        return withPlugins(PlatformTypeNames.in(file), () -> new PlatformFileReader(host.registry()).read(file));
    }

    /** {@code scenario} with command-line parameter settings applied (see {@link ScenarioOverrides}). */
    Scenario override(Scenario scenario, java.util.List<String> settings) {
        return withPlugins(PlatformTypeNames.inSettings(settings),
                () -> ScenarioOverrides.apply(scenario, settings, host.registry()));
    }

    /**
     * Reads a scenario as if every plugin had started: first starts the held-back plugins that
     * declare {@code names}; if the read then fails, starts all of them and reads again (so an error
     * is reported, with its suggestions, against every type); if it succeeds but a held-back plugin
     * declares a name the scenario uses, starts that one and reads again, so a name two libraries
     * have is ambiguous as it would be with all plugins started.
     */
    private Scenario withPlugins(Set<String> names, java.util.function.Supplier<Scenario> read) {
        host.startDeferred(names);
        Scenario scenario;
        try {
            scenario = read.get();
        } catch (RuntimeException e) {
            if (host.startAllDeferred()) {
                return read.get();
            }
            throw e;
        }
        return host.startDeferred(typesUsed(scenario)) ? read.get() : scenario;
    }

    /** The component and workload type names {@code scenario} uses, as its file wrote them. */
    private static Set<String> typesUsed(Scenario scenario) {
        Set<String> types = new TreeSet<>();
        for (NodeSpec node : scenario.platform().nodes()) {
            for (ComponentSpec component : node.components()) {
                types.add(component.type());
            }
        }
        types.add(scenario.workload().type());
        return types;
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
        return observe(scenario, null, TraceFilter.ALL, 0, 0, RunLimits.NONE).result();
    }

    /**
     * Runs {@code scenario} with the trace and statistics interval of {@code options} within
     * {@code limits}, and writes its trace.
     */
    RunResult run(Scenario scenario, ObservationOptions options, RunLimits limits) {
        ObservedRun run = observe(scenario, options, limits);
        run.writeTrace();
        return run.result();
    }

    /**
     * Runs {@code scenario} with the trace and statistics interval of {@code options} within
     * {@code limits} (a run cut short by them is reported on standard error), leaving its trace to
     * be written by the caller once the results are safe ({@link ObservedRun#writeTrace()}).
     */
    ObservedRun observe(Scenario scenario, ObservationOptions options, RunLimits limits) {
        return observe(scenario, options.trace, options.traceFilter(), options.traceMaxEvents,
                options.statsIntervalNanos(), limits);
    }

    private ObservedRun observe(Scenario scenario, Path traceFile, TraceFilter filter, int traceCap,
            long statsInterval, RunLimits limits) {
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
            }, statsInterval, limits);
            CompletedRun run = runner.run(scenario, simulation -> {
                onStart.accept(simulation);
                if (status.showsBar()) {
                    bar.set(ProgressBar.start(status.err(), simulation, scenario.name(), status.width()));
                }
            });
            closeBar(bar);
            RunResult result = RunResult.of(run);
            if (status.showsSpeed()) {
                result.speed().ifPresent(speed -> status.err().println(scenario.name() + ": " + speed.line()));
            }
            if (run.cutShort()) {
                status.err().println("iopf: " + RunLimitOptions.cutShortWarning(scenario.name(), run, limits));
            }
            return new ObservedRun(result, traceFile, trace.get(), status);
        } finally {
            closeBar(bar);
        }
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
