package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every uvm scenario file runs through the scenario runner and meets all its expectations. */
final class ScenarioFilesTest {
    /** Every {@code uvm-*.yaml} in the repository's scenarios folder, so a new one cannot be left out. */
    static Stream<Path> files() throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.list(Path.of("../scenarios"))) {
            all = s.filter(p -> p.getFileName().toString().startsWith("uvm-")).sorted().toList();
        }
        assertThat(all).hasSizeGreaterThanOrEqualTo(5);
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void scenarioMeetsItsExpectations(Path file) {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        CompletedRun run = new ScenarioRunner(registry).run(new PlatformFileReader(registry).read(file));
        RunResult result = RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());
        String report = result.expectations().outcomes().stream().map(ExpectationOutcome::toString)
                .collect(Collectors.joining("\n"));
        System.out.println(file + ":\n" + report);
        assertThat(result.expectations().outcomes()).as(file + " checks nothing").isNotEmpty();
        assertThat(result.expectations().allPassed()).as(report).isTrue();
        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
        FigureNames declared = FigureNames.of(run.scenario(), registry);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }
}
