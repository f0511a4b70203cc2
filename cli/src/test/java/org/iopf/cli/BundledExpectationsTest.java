package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every expectation of every bundled scenario and example can fail both ways and says why: it is a {@code value} (with or without tolerance), a {@code min} paired with a
 * {@code max} for the same figure, or {@code max: 0} (a count that must be none); and its line carries a
 * reason, or the comment line that heads its group of entries does.
 */
final class BundledExpectationsTest {
    private static final Path ROOT = CliHarness.repositoryRoot();
    private static final Pattern ENTRY = Pattern.compile("^\\s*- \\{metric: ([^,}]+), (value|min|max): ([^,}]+)");

    static Stream<Path> files() throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(ROOT.resolve("scenarios"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".yaml")).forEach(all::add);
        }
        try (Stream<Path> s = Files.list(ROOT.resolve("examples"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".yaml")).forEach(all::add);
        }
        assertThat(all).hasSizeGreaterThan(60);
        return all.stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyExpectationIsTwoSidedOrExactAndGivesItsReason(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        Map<String, Set<String>> bounds = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = ENTRY.matcher(lines.get(i));
            if (!m.find()) {
                continue;
            }
            String metric = m.group(1).trim();
            String kind = m.group(2);
            bounds.computeIfAbsent(metric, k -> new TreeSet<>())
                    .add(kind.equals("max") && m.group(3).trim().equals("0") ? "none" : kind);
            boolean reason = lines.get(i).contains("#") || headedByComment(lines, i);
            if (!reason) {
                problems.add("line " + (i + 1) + " (" + metric + "): no reason comment");
            }
        }
        bounds.forEach((metric, kinds) -> {
            boolean ok = kinds.contains("value") || kinds.contains("none")
                    || (kinds.contains("min") && kinds.contains("max"));
            if (!ok) {
                problems.add(metric + ": one-sided " + kinds);
            }
        });
        assertThat(problems).as(file.toString()).isEmpty();
    }

    /** Whether the entries above line {@code i}, back to the first line that is no entry, start under a comment. */
    private static boolean headedByComment(List<String> lines, int i) {
        int j = i - 1;
        while (j >= 0 && ENTRY.matcher(lines.get(j)).find()) {
            j--;
        }
        return j >= 0 && lines.get(j).trim().startsWith("#");
    }
}
