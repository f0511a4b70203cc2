package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * {@code hmm-migrate-compute} under memory pressure (issue 23): a working set larger than the
 * device on a host that has to swap ends without an exception, with its data intact, and states
 * the part that never reached the device as a shortfall.
 */
final class MigrateComputePressureTest {
    private static final double GIB = 1L << 30;

    private static RunResult run(String memory, String deviceMemory, String size, String hostSize) {
        String yaml = """
                name: hmm-pressure-test
                seed: 1
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 4}]
                    memory: {numa: [%s], content: fingerprint}
                    gpu: {type: hmm-device, params: {deviceMemory: %s, batchSize: 64MiB}}
                workload:
                  type: hmm-migrate-compute
                  params: {node: node1, size: %s, filled: 16MiB, hostSize: %s}
                """.formatted(memory, deviceMemory, size, hostSize);
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(MigrateComputePressureTest.class.getClassLoader());
        CompletedRun run = new ScenarioRunner(registry).run(new PlatformFileReader(registry).read("test.yaml", yaml));
        return RunResult.of(run);
    }

    @Test
    void fiveGibOnAFourGibDeviceAndAnEightGibHostSwapsKeepsItsDataAndReportsTheShortfall() {
        RunResult result = run("8GiB", "4GiB", "5GiB", "1GiB");

        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
        assertThat(result.value("workload.integrity.mismatchedPages").orElseThrow()).isZero();
        assertThat(result.value("workload.errors").orElseThrow()).isZero();
        // the input fills the device (4 of 5 GiB); the output finds it full
        assertThat(result.value("node1.gpu.migrated.bytes").orElseThrow()).isEqualTo(4 * GIB);
        assertThat(result.value("node1.gpu.migrate.deviceFullPages").orElseThrow()).isEqualTo(6 * GIB / 4096);
        assertThat(result.value("node1.gpu.migrate.skippedBytes").orElseThrow()).isEqualTo(6 * GIB);
        WorkloadOutcome outcome = result.outcome().orElseThrow();
        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.completed()).isEqualTo(4);
        assertThat(outcome.problems()).hasSize(2).allMatch(p -> p.contains("found no free device memory"));
        assertThat(result.expectations().allPassed()).as("the implicit completion expectation fails").isFalse();
    }

    @Test
    void aWorkingSetThatFitsCompletesWithoutAShortfall() {
        RunResult result = run("2GiB", "1GiB", "256MiB", "64MiB");

        assertThat(result.value("node1.gpu.migrate.skippedPages").orElseThrow()).isZero();
        assertThat(result.outcome().orElseThrow().isComplete()).isTrue();
        assertThat(result.expectations().allPassed()).isTrue();
    }
}
