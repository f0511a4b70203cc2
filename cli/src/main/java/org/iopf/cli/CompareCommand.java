package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.iopf.core.platform.Comparison;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.ComparisonFileReader;
import org.iopf.core.report.ComparisonTable;
import org.iopf.core.report.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf compare FILE}: runs every scenario of a comparison file and prints its table with the
 * cells filled from the measured figures (seed 001 §4's IB vs Ethernet table:
 * {@code iopf compare ib-vs-ethernet}); exits with 1 if a scenario misses an expectation.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Runs the scenarios of a comparison file (columns) and prints its rows filled from the "
            + "measured figures; exit 1 if a scenario misses one of its expectations.",
            "FILE may be a path or a name under HOME/scenarios/compare (ib-vs-ethernet)."})
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "A comparison file, or a name in scenarios/compare.")
    String file;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of every run (default: each file's seed).")
    Long seed;

    @Option(names = "--no-progress", description = "Never show the progress bar.")
    boolean noProgress;

    @Override
    public Integer call() {
        CliEnvironment env = parent.env();
        Comparison comparison = new ComparisonFileReader().read(comparisonFile(env));
        StatusOutput status = parent.status(noProgress);
        ScenarioExecutor executor = new ScenarioExecutor(parent.session().lazyHost(), status);
        List<Scenario> scenarios = new ArrayList<>();
        for (Comparison.Column column : comparison.columns()) {
            Scenario scenario = executor.read(column.scenario());
            scenarios.add(seed == null ? scenario : scenario.withSeed(seed));
        }
        List<RunResult> results = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            status.note("running " + scenario.name() + " (" + scenario.source() + ")");
            RunResult result = executor.run(scenario);
            results.add(result);
            ResultOutput.printExpectations(result, env.out());
        }
        ComparisonTable table;
        try {
            table = ComparisonTable.of(comparison, results);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        env.out().println();
        env.out().println(comparison.name() + (comparison.description().isEmpty() ? "" : ": "
                + comparison.description().strip()));
        env.out().println();
        table.render().forEach(env.out()::println);
        env.out().flush();
        boolean allMet = results.stream().allMatch(ResultOutput::allExpectationsMet);
        return allMet ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
    }

    private Path comparisonFile(CliEnvironment env) {
        Path given = Path.of(file);
        if (Files.isRegularFile(given)) {
            return given;
        }
        Path dir = env.scenariosDir().resolve("compare");
        for (String candidate : new String[] {file, file + ".yaml"}) {
            Path p = dir.resolve(candidate);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new BadInputException("no comparison file '" + file + "' (looked for it as a path and in " + dir + ")");
    }
}
