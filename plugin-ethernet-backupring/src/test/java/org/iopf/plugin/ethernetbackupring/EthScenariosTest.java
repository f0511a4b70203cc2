package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

/** Runs every {@code scenarios/eth-*.yaml} through the scenario runner and checks its expectations. */
final class EthScenariosTest {
    private static final ExtensionRegistry REGISTRY =
            ExtensionRegistry.fromClassPath(EthScenariosTest.class.getClassLoader());

    static Stream<Path> scenarios() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../scenarios"))) {
            return files.filter(p -> p.getFileName().toString().matches("eth-.*\\.yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyExpectationOfTheScenarioIsMet(Path file) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(file);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        RunResult result = RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());

        assertThat(result.expectations().total()).isPositive();
        assertThat(result.expectations().outcomes()).allSatisfy(
                (ExpectationOutcome o) -> assertThat(o.passed()).as(o.message()).isTrue());
        assertThat(result.value("sim.finished")).hasValue(1);
        FigureNames declared = FigureNames.of(scenario, REGISTRY);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }
}
