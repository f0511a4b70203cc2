package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Collectors;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every hmm scenario file runs through the scenario runner and meets all its expectations. */
final class ScenarioFilesTest {
    @ParameterizedTest
    @ValueSource(strings = {"scenarios/hmm-migrate-compute.yaml", "scenarios/hmm-ping-pong.yaml",
        "scenarios/hmm-mixed.yaml", "scenarios/hmm-pressure.yaml", "scenarios/hmm-writeback.yaml",
        "scenarios/hmm-mirror.yaml"})
    void scenarioMeetsItsExpectations(String file) {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        CompletedRun run = new ScenarioRunner(registry)
                .run(new PlatformFileReader(registry).read(Path.of("..", file)));
        RunResult result = RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());

        String report = result.expectations().outcomes().stream().map(ExpectationOutcome::toString)
                .collect(Collectors.joining("\n"));
        System.out.println(file + ":\n" + report);
        assertThat(result.expectations().allPassed()).as(report).isTrue();
        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
    }
}
