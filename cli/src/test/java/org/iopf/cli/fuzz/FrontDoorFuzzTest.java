package org.iopf.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Exit 3 is a bug, and this proves there is none at the front door: every bundled platform file
 * (examples and scenarios), mutated ({@link Mutator}: keys deleted, duplicated and misspelt, wrong
 * types, negative, zero and huge numbers, unit typos, NaN, empty and 10 MB strings, deep nesting,
 * anchors and alias bombs, tabs, truncation, binary garbage, absurd sizes), given to
 * {@code iopf validate} and to a bounded {@code iopf run} (also with mutated {@code --set}s), must
 * end with exit 0, 1 or 2, never 3 or 4, never a stack trace without {@code --debug}, and within
 * the time limit ({@link FrontDoor}).
 *
 * <p>Seeded, so every build tries the same inputs. {@code mvn verify} makes
 * {@code -Diopf.fuzz.tries} tries (the build's default keeps it near a minute on a small machine);
 * raise it for a campaign. {@code -Diopf.fuzz.keepGoing=true} does not stop at the first failure but
 * collects them all and lists each distinct one at the end; {@code -Diopf.fuzz.absurdSizes=true}
 * also makes platforms of absurd size (10^9 cores, 10^5 nodes, 1 EiB), which must be refused as
 * bad input or run within the limits too; {@code -Diopf.fuzz.tryTimeoutSeconds} (60) is
 * how long one try may take before it counts as a hang. {@code target/front-door-fuzz/in-flight.txt}
 * names the try running now (the culprit, should one take the JVM down). Each failing input is kept under
 * {@code target/front-door-fuzz/failures/}; each failure ever found is a fixed case of
 * {@link FrontDoorCasesTest}.
 */
final class FrontDoorFuzzTest {
    /** Simulated-time and event bounds of every fuzzed run. */
    static final String[] RUN_BOUNDS = {"--max-events", "3000", "--max-sim-time", "20ms"};

    private static final Path ROOT = BundledInputs.repositoryRoot();
    private static final List<Path> INPUTS = BundledInputs.under(ROOT);
    private static final Path WORK = Path.of("target", "front-door-fuzz").toAbsolutePath();
    private static final FrontDoor DOOR = new FrontDoor(ROOT,
            Duration.ofSeconds(Long.getLong("iopf.fuzz.tryTimeoutSeconds", 60)));
    private static final boolean KEEP_GOING = Boolean.getBoolean("iopf.fuzz.keepGoing");
    private static final boolean ABSURD_SIZES = Boolean.getBoolean("iopf.fuzz.absurdSizes");
    private static final Map<String, List<String>> FAILURES = new TreeMap<>();

    @Provide
    Arbitrary<FuzzTry> tries() {
        return Combinators.combine(
                Arbitraries.integers().between(0, INPUTS.size() - 1),
                Arbitraries.frequency(Tuple.of(12, FuzzTry.Command.VALIDATE), Tuple.of(1, FuzzTry.Command.RUN),
                        Tuple.of(2, FuzzTry.Command.RUN_SCALED), Tuple.of(1, FuzzTry.Command.RUN_SET)),
                Arbitraries.longs()).as(FuzzTry::new);
    }

    @Property(seed = "24003", shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE,
            afterFailure = AfterFailureMode.PREVIOUS_SEED)
    void validateAndBoundedRunEndWithZeroOneOrTwo(@ForAll("tries") FuzzTry t) throws IOException {
        Path input = INPUTS.get(t.input());
        String original = Files.readString(input, StandardCharsets.UTF_8);
        Mutator mutator = new Mutator(t.seed(), ABSURD_SIZES);
        Path plugins = Files.createDirectories(WORK.resolve("plugins"));
        List<String> args = new ArrayList<>();
        Path file = WORK.resolve(input.getFileName());
        if (t.command() == FuzzTry.Command.RUN_SET) {
            Files.writeString(file, original, StandardCharsets.UTF_8);
            args.addAll(List.of("run", file.toString(), "--quiet", "--format", "csv"));
            for (String setting : mutator.settings(original)) {
                args.add("--set");
                args.add(setting);
            }
        } else if (t.command() == FuzzTry.Command.RUN_SCALED) {
            Files.write(file, mutator.scale(original));
            args.addAll(List.of("run", file.toString(), "--quiet", "--format", "csv"));
        } else {
            Files.write(file, mutator.mutate(original));
            args.addAll(t.command() == FuzzTry.Command.VALIDATE ? List.of("validate", file.toString())
                    : List.of("run", file.toString(), "--quiet", "--format", "csv"));
        }
        if (t.command() != FuzzTry.Command.VALIDATE) {
            args.addAll(List.of(RUN_BOUNDS));
        }
        args.addAll(List.of("--plugins", plugins.toString()));

        // what runs now, so that a try that takes the whole JVM down (out of heap) is named afterwards
        Files.writeString(WORK.resolve("in-flight.txt"), ROOT.relativize(input) + " mutated by " + mutator.steps()
                + "\niopf " + String.join(" ", args) + "\n");
        FrontDoor.Outcome outcome = DOOR.call(args.toArray(String[]::new));

        String command = t.command().name().toLowerCase(java.util.Locale.ROOT);
        Statistics.label("exit code").collect(command, outcome.hung() ? "hang" : outcome.exitCode());
        Optional<String> failure = outcome.failure();
        if (failure.isPresent()) {
            String report = keep(t, input, file, mutator, args, outcome, failure.get());
            if (KEEP_GOING) {
                synchronized (FAILURES) {
                    FAILURES.computeIfAbsent(signature(failure.get()), k -> new ArrayList<>()).add(report);
                }
                return;
            }
            throw new AssertionError(report);
        }
        if (outcome.exitCode() == 2) {
            Statistics.label("bad input located at file:line:col").collect(
                    outcome.message().startsWith("iopf: " + file + ":"));
        }
    }

    /** Keeps the failing input under {@code target/front-door-fuzz/failures/} and says what failed. */
    private static String keep(FuzzTry t, Path input, Path file, Mutator mutator, List<String> args,
            FrontDoor.Outcome outcome, String failure) throws IOException {
        Path folder = Files.createDirectories(WORK.resolve("failures"));
        String name = String.format(java.util.Locale.ROOT, "%s-%d-%s", t.command().name().toLowerCase(
                java.util.Locale.ROOT), Math.abs(t.seed() % 100000), input.getFileName());
        Files.copy(file, folder.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String err = outcome.err();
        String report = failure + "\n  input: " + ROOT.relativize(input) + " mutated by " + mutator.steps()
                + "\n  kept as: " + folder.resolve(name) + "\n  iopf " + String.join(" ", args)
                + "\n  standard error:\n" + (err.length() > 3000 ? err.substring(0, 3000) + "..." : err);
        Files.writeString(folder.resolve(name + ".txt"), report, StandardCharsets.UTF_8);
        return report;
    }

    /** A failure without its numbers, paths and quoted values: failures of one cause share it. */
    static String signature(String failure) {
        return failure.replaceAll("/[^ :]*/", "/").replaceAll("'[^']*'", "'…'").replaceAll("[0-9]+", "#");
    }

    @AfterContainer
    static void everyDistinctFailure() {
        if (FAILURES.isEmpty()) {
            return;
        }
        StringBuilder all = new StringBuilder(FAILURES.size() + " distinct failures:\n");
        FAILURES.forEach((signature, reports) -> all.append("\n== ").append(reports.size()).append(" x ")
                .append(signature).append('\n').append(reports.get(0)).append('\n'));
        FAILURES.clear();
        assertThat(all.toString()).as("front-door failures").isEmpty();
    }
}
