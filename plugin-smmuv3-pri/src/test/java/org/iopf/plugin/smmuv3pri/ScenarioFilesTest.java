package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.iopf.core.platform.Scenario;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.Figure;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bundled scenario of this plugin ({@code scenarios/smmuv3-*.yaml}) runs and meets all its expectations. */
final class ScenarioFilesTest {
    static Stream<String> scenarios() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "scenarios"))) {
            List<String> names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("smmuv3-") && n.endsWith(".yaml")).sorted().toList();
            assertThat(names).isNotEmpty();
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void meetsEveryExpectation(String file) {
        Scenario scenario = ScenarioRuns.read(file);
        RunResult result = ScenarioRuns.run(scenario);

        assertThat(result.expectations().total()).as(file + " has expectations").isPositive();
        List<String> missed = result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map(ExpectationOutcome::message).toList();
        assertThat(missed).as(file).isEmpty();
        FigureNames declared = FigureNames.of(scenario, ScenarioRuns.REGISTRY);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }

    @Test
    void theSameScenarioTwiceGivesTheSameFigures() {
        RunResult first = ScenarioRuns.run(ScenarioRuns.read("smmuv3-pri-queue-overflow.yaml"));
        RunResult second = ScenarioRuns.run(ScenarioRuns.read("smmuv3-pri-queue-overflow.yaml"));

        for (var figure : first.figures()) {
            if (!figure.name().startsWith("wall.")) {
                assertThat(second.value(figure.name())).as(figure.name()).hasValue(figure.value());
            }
        }
    }
}
