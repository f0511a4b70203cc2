package org.iopf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
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

/**
 * Reads and runs platform files against the plugin host: the plugins whose types a run uses are
 * leased for its length (so they cannot be unloaded under it), a progress bar shows on long runs,
 * and the outcome is a {@link RunResult}. Nothing of the simulation is kept after the run, so that
 * its plugins can be unloaded and their class loaders collected.
 */
final class ScenarioExecutor {
    private final PluginHost host;
    private final PrintWriter err;
    private final boolean progress;

    ScenarioExecutor(PluginHost host, PrintWriter err, boolean progress) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.err = Objects.requireNonNull(err, "err is null");
        this.progress = progress;
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

    /** Runs {@code scenario}. */
    RunResult run(Scenario scenario) {
        ExtensionRegistry registry = host.registry();
        Set<String> plugins = pluginsUsed(scenario, registry);
        AtomicReference<ProgressBar> bar = new AtomicReference<>();
        try (PluginLease lease = host.lease(plugins, "a run of " + scenario.source())) {
            CompletedRun run = new ScenarioRunner(registry).run(scenario, simulation -> {
                if (progress) {
                    bar.set(ProgressBar.start(err, simulation, scenario.name()));
                }
            });
            closeBar(bar);
            return RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());
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

    /** The plugins that contributed the component and workload types {@code scenario} uses. */
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
        return plugins;
    }
}
