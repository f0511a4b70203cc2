package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The implicit expectation that a run's workload completed what it was asked: a shortfall or a
 * problem misses it (and so the run), with the workload's own summary as the message; an explicit
 * expectation that says the shortfall is the point replaces it.
 */
final class CompletionCheckTest {
    private static final String UNMAPPED = "../scenarios/unmapped-dma-terminates.yaml";

    /** The bundled scenario whose 16 blocks all fail, with {@code expect:} replaced by {@code expectations}. */
    private static RunResult unmappedDmaExpecting(String expectations) throws IOException {
        String text = Files.readString(Path.of(UNMAPPED));
        String platform = text.substring(0, text.indexOf("expect:"));
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(CompletionCheckTest.class.getClassLoader());
        Scenario scenario = new PlatformFileReader(registry).read("unmapped.yaml", platform + expectations);
        return RunResult.of(new ScenarioRunner(registry).run(scenario));
    }

    /** A run of a workload that finishes at once and states {@code outcome}. */
    private static RunResult stating(Optional<WorkloadOutcome> outcome, String expectations) {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(CompletionCheckTest.class.getClassLoader());
        registry.registerWorkload(new WorkloadType() {
            @Override
            public String name() {
                return "stating";
            }

            @Override
            public String description() {
                return "test: finishes at once and states a given outcome";
            }

            @Override
            public Workload create(WorkloadContext context) {
                return new Workload() {
                    @Override
                    public void start() {
                        context.metrics().counter("errors", "operations");
                        context.finish();
                    }

                    @Override
                    public Optional<WorkloadOutcome> outcome() {
                        return outcome;
                    }
                };
            }
        }, "test");
        String yaml = "nodes:\n  - name: node1\nworkload: {type: stating}\n" + expectations;
        return RunResult.of(new ScenarioRunner(registry).run(new PlatformFileReader(registry).read("s.yaml", yaml)));
    }

    private static ExpectationOutcome implicit(RunResult result) {
        List<ExpectationOutcome> implicit = result.expectations().outcomes().stream()
                .filter(o -> o.expectation().isImplicit()).toList();
        assertThat(implicit).as("implicit expectations of %s", result.scenario()).hasSize(1);
        return implicit.get(0);
    }

    private static boolean hasImplicit(RunResult result) {
        return result.expectations().outcomes().stream().anyMatch(o -> o.expectation().isImplicit());
    }

    @Test
    void aRunThatDidNotDoItsWorkMissesTheImplicitExpectationWithWhatWasNotDone() throws IOException {
        RunResult result = unmappedDmaExpecting("expect:\n  - {metric: faults.translation, min: 16}\n");

        ExpectationOutcome completion = implicit(result);
        assertThat(completion.passed()).isFalse();
        assertThat(completion.expectation().metric()).isEqualTo("workload.completed");
        assertThat(completion.measured()).hasValue(0);
        assertThat(completion.expectation().written()).isEqualTo("all 16 blocks");
        assertThat(completion.message()).isEqualTo("workload: 0 of 16 blocks completed");
        assertThat(result.expectations().passed()).isEqualTo(1);
        assertThat(result.expectations().total()).isEqualTo(2);
        assertThat(result.expectations().allPassed()).isFalse();
        assertThat(result.value("workload.requested")).hasValue(16);
        assertThat(result.value("workload.completed")).hasValue(0);
        assertThat(result.figure("workload.requested").orElseThrow().unit()).isEqualTo("blocks");
        assertThat(new TableReport(false).render(result))
                .contains("workload.completed         0  all 16 blocks  MISS    implicit")
                .contains("  ! workload: 0 of 16 blocks completed\n");
    }

    @Test
    void expectedErrorsDeclareTheShortfallAndReplaceTheImplicitExpectation() throws IOException {
        RunResult bundled = RunResult.of(new ScenarioRunner(ExtensionRegistry.fromClassPath(
                getClass().getClassLoader())).run(new PlatformFileReader(ExtensionRegistry.fromClassPath(
                        getClass().getClassLoader())).read(Path.of(UNMAPPED))));

        assertThat(hasImplicit(bundled)).isFalse();
        assertThat(bundled.expectations().allPassed()).isTrue();
        assertThat(bundled.value("workload.completed")).hasValue(0);
    }

    @Test
    void anExpectationOnCompletionReplacesTheImplicitOne() throws IOException {
        RunResult result = unmappedDmaExpecting("expect:\n  - {metric: workload.completed, max: 0}\n");

        assertThat(hasImplicit(result)).isFalse();
        assertThat(result.expectations().allPassed()).isTrue();
    }

    @Test
    void expectingNoErrorsKeepsTheImplicitExpectation() throws IOException {
        RunResult result = unmappedDmaExpecting("expect:\n  - {metric: errors, max: 0}\n");

        assertThat(implicit(result).passed()).isFalse();
        assertThat(result.expectations().total()).isEqualTo(2);
    }

    @Test
    void aCompleteOutcomeMeetsTheImplicitExpectation() {
        RunResult result = stating(Optional.of(WorkloadOutcome.of(64, 64, "messages")), "");

        ExpectationOutcome completion = implicit(result);
        assertThat(completion.passed()).isTrue();
        assertThat(completion.message()).isEqualTo("workload: 64 of 64 messages completed");
        assertThat(result.expectations().allPassed()).isTrue();
        assertThat(new TableReport(false).render(result)).doesNotContain("  ! ");
    }

    @Test
    void aProblemMissesTheImplicitExpectationEvenWhenTheCountIsFull() throws IOException {
        RunResult result = stating(Optional.of(WorkloadOutcome.of(64, 64, "messages")
                .withProblem("node2/nic0 queue pair 1 is in ERROR")), "");

        ExpectationOutcome completion = implicit(result);
        assertThat(completion.passed()).isFalse();
        assertThat(completion.measured()).hasValue(64);
        assertThat(completion.message())
                .isEqualTo("workload: 64 of 64 messages completed; node2/nic0 queue pair 1 is in ERROR");
        JsonNode json = new ObjectMapper().readTree(JsonReport.toJson(result)).path("expectations").get(0);
        assertThat(json.path("where").asText()).isEqualTo("implicit");
        assertThat(json.path("passed").asBoolean()).isFalse();
        assertThat(json.path("message").asText()).isEqualTo(completion.message());
    }

    @Test
    void aWorkloadCountedInBytesIsCheckedAsASize() {
        RunResult result = stating(Optional.of(WorkloadOutcome.of(2 << 20, 1 << 20, "bytes")), "");

        ExpectationOutcome completion = implicit(result);
        assertThat(completion.expectation().quantity()).isEqualTo(Expectation.Quantity.BYTES);
        assertThat(completion.expectation().written()).isEqualTo("all 2.000 MiB");
        assertThat(completion.measuredText()).isEqualTo("1.000 MiB");
        assertThat(completion.message()).isEqualTo("workload: 1048576 of 2097152 bytes completed");
    }

    @Test
    void aWorkloadThatStatesNothingIsNotJudged() {
        RunResult result = stating(Optional.empty(), "");

        assertThat(result.expectations().total()).isZero();
        assertThat(result.value("workload.requested")).isEmpty();
        assertThat(result.outcome()).isEmpty();
    }

    @Test
    void anErrorBoundDeclaresTheShortfallWhenOneOrMoreErrorsCanMeetIt() {
        assertThat(declares("errors: {value: 16}")).isTrue();
        assertThat(declares("workload.errors: {value: 1}")).isTrue();
        assertThat(declares("errors: {min: 1}")).isTrue();
        assertThat(declares("errors: {max: 3}")).isTrue();
        assertThat(declares("errors: {value: 0, tolerance: 1}")).isTrue();
        assertThat(declares("workload.completed: {value: 0}")).isTrue();
        assertThat(declares("errors: {value: 0}")).isFalse();
        assertThat(declares("errors: {max: 0}")).isFalse();
        assertThat(declares("workload.errors: {max: 0}")).isFalse();
        assertThat(declares("integrity.mismatchedPages: {value: 3}")).isFalse();
        assertThat(declares("workload.messages: {max: 10}")).isFalse();
    }

    /** Whether the one expectation {@code entry} ({@code metric: {bound}}) declares a shortfall. */
    private static boolean declares(String entry) {
        String metric = entry.substring(0, entry.indexOf(':'));
        String bound = entry.substring(entry.indexOf('{') + 1, entry.lastIndexOf('}'));
        RunResult result = stating(Optional.of(WorkloadOutcome.of(1, 0, "steps")),
                "expect:\n  - {metric: " + metric + ", " + bound + "}\n");
        return !hasImplicit(result);
    }
}
