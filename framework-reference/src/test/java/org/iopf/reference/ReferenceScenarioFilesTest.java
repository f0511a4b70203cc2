package org.iopf.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.iopf.toolkit.workload.WorkloadMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bundled scenario and example built of this module's types alone meets its expectations
 * and records no statistic its types do not declare.
 */
final class ReferenceScenarioFilesTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            ReferenceScenarioFilesTest.class.getClassLoader());
    private static final Pattern TYPE = Pattern.compile("\\btype:\\s*([A-Za-z0-9-]+)");

    static List<Path> files() throws IOException {
        try (Stream<Path> scenarios = Files.list(Path.of("../scenarios"));
                Stream<Path> examples = Files.list(Path.of("../examples"))) {
            return Stream.concat(scenarios, examples).filter(p -> p.toString().endsWith(".yaml"))
                    .filter(ReferenceScenarioFilesTest::usesOnlyKnownTypes).sorted().toList();
        }
    }

    private static boolean usesOnlyKnownTypes(Path file) {
        try {
            Matcher types = TYPE.matcher(Files.readString(file));
            while (types.find()) {
                String type = types.group(1);
                if (REGISTRY.find(type).isEmpty() && REGISTRY.findWorkload(type).isEmpty()) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theBaselineFilesAreAmongThem() throws IOException {
        assertThat(files()).extracting(p -> p.getFileName().toString()).contains("baseline-rdma-write.yaml",
                "baseline-rdma-read.yaml", "baseline-ping-pong.yaml", "baseline-dma-copy.yaml",
                "unmapped-dma-terminates.yaml", "pinned-baseline.yaml");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void meetsItsExpectationsAndRecordsOnlyDeclaredStatistics(Path file) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(file);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        assertThat(result.expectations().outcomes()).filteredOn(o -> !o.passed())
                .extracting(ExpectationOutcome::message).isEmpty();
        FigureNames declared = FigureNames.of(scenario, REGISTRY);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }

    @Test
    void theToolkitsStandardWorkloadStatisticsAreTheHostsDeclarations() {
        assertThat(FigureNames.STANDARD_WORKLOAD).containsAll(WorkloadMetrics.STANDARD);
    }
}
