package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every dmaplane scenario and example runs through core's runner and meets all its expectations. */
final class ScenarioFilesTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            ScenarioFilesTest.class.getClassLoader());

    static Stream<Path> files() throws IOException {
        List<Path> all;
        try (Stream<Path> s = Stream.concat(Files.list(Path.of("../scenarios")), Files.list(Path.of("../examples")))) {
            all = s.filter(p -> p.getFileName().toString().startsWith("dmaplane")).sorted().toList();
        }
        assertThat(all).isNotEmpty();
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void meetsEveryExpectation(Path file) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(file);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        String report = result.expectations().outcomes().stream()
                .map(o -> o.expectation() + " measured " + o.measuredText() + " " + o.verdict())
                .collect(Collectors.joining("\n"));
        System.out.println(file.getFileName() + ":\n" + report);
        assertThat(result.expectations().outcomes()).isNotEmpty();
        assertThat(result.expectations().outcomes()).allMatch(ExpectationOutcome::passed, report);
        FigureNames declared = FigureNames.of(scenario, REGISTRY);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }
}
