package org.iopf.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.iopf.core.platform.NearestName;
import org.iopf.core.platform.Scenario;
import org.iopf.core.report.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf reproduce [NAME...]}: runs the bundled scenarios (every {@code *.yaml} under
 * {@code HOME/scenarios}, or those named), each of which carries {@code expect:} entries, and
 * prints one table of all; exits with 1 if any expectation is missed. With {@code --seeds} each
 * scenario runs once per seed and the table is the spread of every expected figure over them.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Runs the bundled scenarios with expectations and prints one table of all; exit 1 if any "
            + "expectation is missed.")
final class ReproduceCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(arity = "0..*", paramLabel = "NAME", description = "Scenario names or file names (default: all).")
    List<String> names = new ArrayList<>();

    @Option(names = "--scenarios", paramLabel = "DIR", description = "Scenario folder (default: HOME/scenarios).")
    Path scenariosDir;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write each scenario's results into DIR/NAME/.")
    Path out;

    @Option(names = "--no-progress", description = "Never show the progress bar.")
    boolean noProgress;

    @Option(names = "--seeds", paramLabel = "SEEDS", description = "Run each scenario once per seed (7, 1..10 or "
            + "1..5,9) and print the spread of every expected figure over them: lowest, median, highest, how many "
            + "seeds met it; exit 1 if any seed misses one. With --out, each run goes to DIR/NAME/seed-N/ and "
            + "every value to DIR/seeds.csv.")
    String seeds;

    @Override
    public Integer call() throws IOException {
        CliEnvironment env = parent.env();
        Path dir = scenariosDir != null ? scenariosDir : env.scenariosDir();
        OutputTargets.checkFolder("--out", out);
        List<Long> seedList = seeds == null ? null : SeedList.parse("--seeds", seeds);
        StatusOutput status = parent.status(noProgress);
        ScenarioExecutor executor = new ScenarioExecutor(parent.session().host(), status);
        Map<String, Scenario> all = readAll(dir, executor);
        List<Scenario> chosen = choose(all);
        if (seedList != null) {
            return overSeeds(chosen, seedList, executor, status, env);
        }
        List<RunResult> results = new ArrayList<>();
        try (ChartWriter charts = new ChartWriter()) {
            for (Scenario scenario : chosen) {
                status.note("running " + scenario.name() + " (" + scenario.source() + ")");
                RunResult result = executor.run(scenario);
                results.add(result);
                ResultOutput.printExpectations(result, env.out());
                if (out != null) {
                    ResultOutput.writeFiles(result, out.resolve(scenario.name()), charts);
                    RunRecords.write(out.resolve(scenario.name()), scenario, scenario, parent.session().host(),
                            parent.commandLine());
                }
            }
        }
        env.out().println();
        ResultOutput.printSummary(results, env.out());
        boolean allMet = results.stream().allMatch(ResultOutput::allExpectationsMet);
        return allMet ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
    }

    private int overSeeds(List<Scenario> chosen, List<Long> seedList, ScenarioExecutor executor, StatusOutput status,
            CliEnvironment env) throws IOException {
        List<SeedSpread> spreads = new ArrayList<>();
        try (ChartWriter charts = new ChartWriter()) {
            runSeeds(chosen, seedList, executor, status, env, spreads, charts);
        }
        finishSeeds(spreads, env);
        boolean allMet = spreads.stream().allMatch(s -> s.runsMet() == s.runs());
        return allMet ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
    }

    private void runSeeds(List<Scenario> chosen, List<Long> seedList, ScenarioExecutor executor, StatusOutput status,
            CliEnvironment env, List<SeedSpread> spreads, ChartWriter charts) {
        for (Scenario scenario : chosen) {
            SeedSpread spread = new SeedSpread(scenario.name());
            for (long seed : seedList) {
                status.note("running " + scenario.name() + " with seed " + seed + " (" + scenario.source() + ")");
                Scenario seeded = scenario.withSeed(seed);
                RunResult result = executor.run(seeded);
                spread.add(result);
                if (!result.expectations().allPassed()) {
                    env.out().printf("%s seed %d: %d of %d expectations met%n", scenario.name(), seed,
                            result.expectations().passed(), result.expectations().total());
                }
                if (out != null) {
                    Path dir = out.resolve(scenario.name()).resolve("seed-" + seed);
                    ResultOutput.writeFiles(result, dir, charts);
                    RunRecords.write(dir, seeded, seeded, parent.session().host(), parent.commandLine());
                }
            }
            spreads.add(spread);
        }
    }

    private void finishSeeds(List<SeedSpread> spreads, CliEnvironment env) throws IOException {
        env.out().println();
        SeedSpread.print(spreads, env.out());
        if (out != null) {
            Files.createDirectories(out);
            try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve("seeds.csv")))) {
                SeedSpread.writeCsv(spreads, csv);
            }
        }
    }

    private static Map<String, Scenario> readAll(Path dir, ScenarioExecutor executor) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException("no scenarios folder: " + dir);
        }
        Map<String, Scenario> all = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                Scenario s = executor.read(file);
                all.put(stem(file), s);
            }
        }
        return all;
    }

    private List<Scenario> choose(Map<String, Scenario> all) {
        if (names.isEmpty()) {
            return List.copyOf(all.values());
        }
        List<Scenario> chosen = new ArrayList<>();
        List<String> known = new ArrayList<>();
        all.forEach((stem, s) -> {
            known.add(s.name());
        });
        for (String name : names) {
            String key = name.endsWith(".yaml") ? name.substring(0, name.length() - 5) : name;
            Scenario found = all.get(key);
            if (found == null) {
                found = all.values().stream().filter(s -> s.name().equals(key)).findFirst().orElse(null);
            }
            if (found == null) {
                throw new BadInputException("no bundled scenario '" + name + "'; scenarios are " + known
                        + NearestName.hint(key, known));
            }
            chosen.add(found);
        }
        return chosen;
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        return n.substring(0, n.length() - ".yaml".length());
    }
}
