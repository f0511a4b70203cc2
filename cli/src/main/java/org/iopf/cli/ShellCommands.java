package org.iopf.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.iopf.core.platform.Scenario;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.RunLimits;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** The commands of {@link Shell}, one picocli subcommand each, acting on the live plugin host. */
@Command(name = "", description = "iopf shell commands",
        subcommands = {CommandLine.HelpCommand.class, ShellCommands.Plugins.class, ShellCommands.Load.class,
            ShellCommands.Unload.class, ShellCommands.Reload.class, ShellCommands.Start.class,
            ShellCommands.Stop.class, ShellCommands.Components.class, ShellCommands.Validate.class,
            ShellCommands.Run.class, ShellCommands.Inspect.class, ShellCommands.Scan.class,
            ShellCommands.Exit.class})
final class ShellCommands implements Runnable {
    final Shell shell;

    ShellCommands(Shell shell) {
        this.shell = shell;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(shell.env().out());
    }

    /** Base of the commands: reach the shell. */
    abstract static class ShellVerb {
        @ParentCommand
        ShellCommands root;

        Shell shell() {
            return root.shell;
        }
    }

    /** {@code plugins}: one line per plugin. */
    @Command(name = "plugins", description = "Lists the plugins and their states.")
    static final class Plugins extends ShellVerb implements Runnable {
        @Override
        public void run() {
            PluginsCommand.print(shell().host().plugins(), shell().env().out());
        }
    }

    /** {@code load FILE}: loads and starts a plugin zip or jar into the live host. */
    @Command(name = "load", description = "Loads and starts a plugin zip or jar.")
    static final class Load extends ShellVerb implements Runnable {
        @Parameters(paramLabel = "FILE")
        Path file;

        @Override
        public void run() {
            PluginInfo info = shell().host().load(file);
            shell().env().out().println("loaded " + info.id() + " " + info.version() + " (" + info.status() + "): "
                    + info.componentTypes() + " " + info.workloadTypes());
        }
    }

    /** A lifecycle verb on one plugin: acts on the host and says what it did. */
    abstract static class PluginVerb extends ShellVerb implements Runnable {
        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public void run() {
            shell().env().out().println(act(shell().host(), id));
        }

        /** Acts on plugin {@code pluginId}; returns the line to print. */
        abstract String act(PluginHost host, String pluginId);
    }

    /** {@code unload ID}. */
    @Command(name = "unload", description = "Stops and unloads a plugin (refused while a run uses it).")
    static final class Unload extends PluginVerb {
        @Override
        String act(PluginHost host, String pluginId) {
            host.unload(pluginId);
            return "unloaded " + pluginId;
        }
    }

    /** {@code reload ID}: stop, unload, load from the same file, start. */
    @Command(name = "reload", description = "Stops, unloads, loads again from its file and starts a plugin.")
    static final class Reload extends PluginVerb {
        @Override
        String act(PluginHost host, String pluginId) {
            PluginInfo info = host.reload(pluginId);
            return "reloaded " + info.id() + " " + info.version() + " (" + info.status() + ")";
        }
    }

    /** {@code start ID}. */
    @Command(name = "start", description = "Starts a stopped plugin.")
    static final class Start extends PluginVerb {
        @Override
        String act(PluginHost host, String pluginId) {
            host.start(pluginId);
            return "started " + pluginId;
        }
    }

    /** {@code stop ID}. */
    @Command(name = "stop", description = "Stops a plugin; its types disappear until it starts again.")
    static final class Stop extends PluginVerb {
        @Override
        String act(PluginHost host, String pluginId) {
            host.stop(pluginId);
            return "stopped " + pluginId;
        }
    }

    /** {@code components [NAME]}. */
    @Command(name = "components", description = "Lists the component and workload types known now.")
    static final class Components extends ShellVerb implements Runnable {
        @Parameters(arity = "0..1", paramLabel = "NAME")
        String name;

        @Override
        public void run() {
            ComponentsCommand.print(shell().host().registry(), name, shell().env().out());
        }
    }

    /** {@code validate PLATFORM}. */
    @Command(name = "validate", description = "Checks a platform file against the types known now.")
    static final class Validate extends ShellVerb implements Runnable {
        @Parameters(paramLabel = "PLATFORM")
        String platform;

        @Override
        public void run() {
            ScenarioExecutor executor = new ScenarioExecutor(shell().host(), shell().env().err(), false);
            Scenario s = executor.read(shell().env().platformFile(platform));
            executor.check(s);
            shell().env().out().println(s.source() + ": valid (" + s.platform().nodes().size() + " node(s), workload "
                    + s.workload().type() + ")");
        }
    }

    /** {@code run PLATFORM [--seed N] [--format F]}. */
    @Command(name = "run", description = "Runs a platform file; 'inspect' shows its figures afterwards.")
    static final class Run extends ShellVerb implements Callable<Integer> {
        @Parameters(paramLabel = "PLATFORM")
        String platform;

        @Option(names = "--seed", paramLabel = "N")
        Long seed;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table")
        OutputFormat format;

        @Option(names = "--set", paramLabel = "TARGET.PARAM=VALUE")
        java.util.List<String> settings = new java.util.ArrayList<>();

        @picocli.CommandLine.Mixin
        ObservationOptions observe;

        @picocli.CommandLine.Mixin
        RunLimitOptions bounds;

        private boolean cancelledRun;

        @Override
        public Integer call() {
            ScenarioExecutor executor = new ScenarioExecutor(shell().host(), shell().env().err(), true)
                    .onStart(shell().cancellation()::begin);
            Scenario scenario = executor.read(shell().env().platformFile(platform));
            if (seed != null) {
                scenario = scenario.withSeed(seed);
            }
            scenario = executor.override(scenario, settings);
            java.util.Set<String> statsFormats = observe.statsFormats();
            RunLimits limits = bounds.limits();
            for (String target : observe.inspect) {
                Inspection.check(target, scenario);
            }
            ObservedRun run;
            try {
                run = executor.observe(scenario, observe, limits);
            } finally {
                java.util.Optional<String> cancelledAt = shell().cancellation().end();
                if (cancelledAt.isPresent()) {
                    shell().env().err().println("run of " + scenario.name() + " cancelled at " + cancelledAt.get()
                            + " of simulated time; its partial result is discarded");
                    shell().env().err().flush();
                }
                cancelledRun = cancelledAt.isPresent();
            }
            if (cancelledRun) {
                return ExitCode.CANCELLED;
            }
            RunResult result = run.result();
            shell().setLastResult(result);
            ResultOutput.print(result, format, shell().env().out());
            if (!statsFormats.isEmpty()) {
                for (java.nio.file.Path written : ResultOutput.writeStats(result, statsFormats, java.nio.file.Path.of(""))) {
                    shell().env().err().println("wrote " + written);
                }
            }
            for (String target : observe.inspect) {
                Inspection.print(result.inspections(), target, shell().env().out());
            }
            run.writeTrace(); // last: a trace that cannot be written loses nothing else
            return ResultOutput.allExpectationsMet(result) ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
        }
    }

    /**
     * {@code inspect [PREFIX]}: the last run's figures whose names start with PREFIX;
     * {@code inspect NODE/COMPONENT [VIEW]}: the views of an inspectable component of the last run.
     */
    @Command(name = "inspect", description = {"Shows the last run's figures, optionally only those starting with "
            + "PREFIX;", "or, given NODE/COMPONENT (node1/smmu), that component's views (all, or only VIEW)."})
    static final class Inspect extends ShellVerb implements Runnable {
        @Parameters(index = "0", arity = "0..1", paramLabel = "PREFIX|NODE/COMPONENT")
        String prefix;

        @Parameters(index = "1", arity = "0..1", paramLabel = "VIEW")
        String view;

        @Override
        public void run() {
            RunResult result = shell().lastResult()
                    .orElseThrow(() -> new BadInputException("nothing has run yet; use 'run PLATFORM' first"));
            if (prefix != null && prefix.contains("/")) {
                Inspection.print(result.inspections(), prefix, view, shell().env().out());
                return;
            }
            if (view != null) {
                throw new BadInputException("a VIEW goes with NODE/COMPONENT (inspect node1/smmu registers)");
            }
            ResultOutput.printFigures(result, prefix == null ? "" : prefix.toLowerCase(Locale.ROOT),
                    shell().env().out());
        }
    }

    /** {@code scan}: looks at the plugins folder now instead of waiting for the watcher. */
    @Command(name = "scan", description = "Scans the plugins folder now for added or removed plugins.")
    static final class Scan extends ShellVerb implements Runnable {
        @Override
        public void run() {
            shell().watchPluginsFolder().scanOnce();
        }
    }

    /** {@code exit}. */
    @Command(name = "exit", aliases = "quit", description = "Leaves the shell.")
    static final class Exit extends ShellVerb implements Runnable {
        @Override
        public void run() {
            shell().requestExit();
        }
    }
}
