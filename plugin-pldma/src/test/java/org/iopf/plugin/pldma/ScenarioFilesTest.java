package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

final class ScenarioFilesTest {
    static List<Path> files() throws IOException {
        try (Stream<Path> scenarios = Files.list(Path.of("../scenarios"));
                Stream<Path> examples = Files.list(Path.of("../examples"))) {
            return Stream.concat(scenarios, examples)
                    .filter(p -> p.getFileName().toString().startsWith("pldma"))
                    .sorted().toList();
        }
    }

    private static ComparisonTable comparisonTable(RunResult result) {
        java.util.function.ToLongFunction<String> v = name -> (long) result.value("workload.a9." + name).orElseThrow();
        return new ComparisonTable(v.applyAsLong("pinned.memoryReserved"), v.applyAsLong("faultAware.memoryReserved"),
                v.applyAsLong("pinned.memoryPeak"), v.applyAsLong("faultAware.memoryPeak"),
                v.applyAsLong("pinned.memoryMean"), v.applyAsLong("faultAware.memoryMean"),
                v.applyAsLong("pinned.maxConcurrentTransfers"), v.applyAsLong("faultAware.maxConcurrentTransfers"),
                v.applyAsLong("faultAware.recoveries"), v.applyAsLong("faultAware.faultRecovery"),
                v.applyAsLong("pinned.faults"), v.applyAsLong("pinned.bandwidthOverheadPpm"),
                v.applyAsLong("faultAware.bandwidthOverheadPpm"));
    }

    /** A8's check fails when pipelining is off: one transfer at a time in the engine, so stream 1 waits on stream 0's faults. */
    @org.junit.jupiter.api.Test
    void a8MissesItsCheckWithoutPipelining() throws IOException {
        String yaml = Files.readString(Path.of("../scenarios/pldma-a8-pipelining.yaml"));
        assertThat(yaml).contains("dma: {type: pldma}");
        Scenario scenario = new PlatformFileReader(PldmaTestbed.REGISTRY).read("a8-broken.yaml",
                yaml.replace("dma: {type: pldma}", "dma: {type: pldma, params: {maxConcurrentTransfers: 1}}"));
        CompletedRun run = new ScenarioRunner(PldmaTestbed.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        List<String> missed = result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.expectation().metric()).toList();
        assertThat(missed).containsExactly("workload.nonFaulting.maxLossPpm");
        assertThat(result.value("workload.nonFaulting.maxLossPpm").orElseThrow()).isGreaterThan(500_000);
    }

    /** A9's memory checks fail when the fault-aware run's buffers are made resident before registration. */
    @org.junit.jupiter.api.Test
    void a9MissesItsMemoryCheckWhenNothingFaults() throws IOException {
        String yaml = Files.readString(Path.of("../scenarios/pldma-a9-pinned-vs-fault-aware.yaml"));
        assertThat(yaml).contains("faultingStreams: 4");
        Scenario scenario = new PlatformFileReader(PldmaTestbed.REGISTRY).read("a9-broken.yaml",
                yaml.replace("faultingStreams: 4", "faultingStreams: 0"));
        CompletedRun run = new ScenarioRunner(PldmaTestbed.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        List<String> missed = result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.expectation().metric()).toList();
        assertThat(missed).contains("workload.a9.faultAware.memoryReserved", "workload.a9.faultAware.memoryMean",
                "workload.a9.faultAware.recoveries");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyExpectationOfTheScenarioIsMet(Path file) {
        Scenario scenario = new PlatformFileReader(PldmaTestbed.REGISTRY).read(file);
        CompletedRun run = new ScenarioRunner(PldmaTestbed.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        System.out.println(new org.iopf.core.report.TableReport(true).render(result));
        if (result.value("workload.a9.pinned.memoryReserved").isPresent()) {
            List<String> table = comparisonTable(result).render();
            table.forEach(System.out::println);
            assertThat(table.get(4)).contains((long) result.value("workload.a9.faultAware.maxConcurrentTransfers")
                    .getAsDouble() + " (hardware limit)");
        }
        assertThat(result.expectations().allPassed()).as(result.expectations().toString()).isTrue();
        FigureNames declared = FigureNames.of(scenario, PldmaTestbed.REGISTRY);
        assertThat(declared.undeclared(result.figures().stream().map(Figure::name).toList()))
                .as("statistics recorded but not declared by their types").isEmpty();
    }
}
