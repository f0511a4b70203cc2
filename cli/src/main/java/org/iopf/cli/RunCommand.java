package org.iopf.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.iopf.core.platform.Scenario;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.RunLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code iopf run PLATFORM}: runs a platform file and reports what it measured. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs the workload of a platform file and prints throughput, latency, faults, CPU and "
            + "memory figures, and the file's expectations (measured vs expected).",
            "PLATFORM is a path, or the name of a file in HOME/examples or HOME/scenarios."})
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PLATFORM", defaultValue = "pinned-baseline",
            description = "The platform file (YAML); default: ${DEFAULT-VALUE} (HOME/examples/pinned-baseline.yaml).")
    String platform;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the run (default: the file's seed).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write results.json, results.csv, throughput.csv, throughput.png and config.json "
                + "(what produced the run: the resolved platform, command line, versions) into DIR.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "Standard output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--set", paramLabel = "TARGET.PARAM=VALUE",
            description = "Sets a parameter in place of the file's value, e.g. workload.messages=8 or "
                + "node1.nic0.mtu=2KiB; repeatable.")
    java.util.List<String> settings = new java.util.ArrayList<>();

    @Option(names = "--no-progress", description = "Never show the progress bar nor the speed line.")
    boolean noProgress;

    @Mixin
    ObservationOptions observe;

    @Mixin
    RunLimitOptions bounds;

    @Override
    public Integer call() throws Exception {
        CliEnvironment env = parent.env();
        StatusOutput status = parent.status(noProgress);
        ScenarioExecutor executor = new ScenarioExecutor(parent.session().lazyHost(), status);
        Scenario written = executor.read(env.platformFile(platform));
        Scenario scenario = written;
        if (seed != null) {
            scenario = scenario.withSeed(seed);
        }
        scenario = executor.override(scenario, settings);
        java.util.Set<String> statsFormats = observe.statsFormats();
        RunLimits limits = bounds.limits();
        for (String target : observe.inspect) {
            Inspection.check(target, scenario);
        }
        OutputTargets.checkFolder("--out", out);
        OutputTargets.checkFile("--trace", observe.trace);
        ObservedRun run = executor.observe(scenario, observe, limits);
        try {
            publish(run.result(), statsFormats, env, status);
            if (out != null) {
                status.note("wrote " + RunRecords.write(out, scenario, written, parent.session().host(),
                        parent.commandLine()));
            }
        } catch (RuntimeException e) {
            OutputTargets.alsoTry(e, run::writeTrace);
            throw e;
        }
        run.writeTrace();
        return ResultOutput.allExpectationsMet(run.result()) ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
    }

    /** Prints the results, writes the files of {@code --out} and {@code --stats}, prints the views asked for. */
    private void publish(RunResult result, java.util.Set<String> statsFormats, CliEnvironment env,
            StatusOutput status) {
        ResultOutput.print(result, format, env.out());
        for (String target : observe.inspect) {
            Inspection.print(result.inspections(), target, env.out());
        }
        if (out != null) {
            for (Path written : ResultOutput.writeFiles(result, out)) {
                status.note("wrote " + written);
            }
        }
        if (!statsFormats.isEmpty()) {
            for (Path written : ResultOutput.writeStats(result, statsFormats, out != null ? out : Path.of(""))) {
                status.note("wrote " + written);
            }
        }
    }
}
