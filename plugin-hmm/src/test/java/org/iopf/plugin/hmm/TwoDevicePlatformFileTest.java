package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * A platform file with two {@code hmm-device}s on one node (the self-test's {@code hmm2} fixture
 * opens {@code /dev/hmm_dmirror0} and {@code /dev/hmm_dmirror1}, two devices of {@code lib/test_hmm.c}'s
 * {@code DMIRROR_NDEVICES}): each registers its own pagemap, has its own links and statistics, and a
 * workload drives the one its {@code node} parameter names ({@code node1/gpu1}).
 */
final class TwoDevicePlatformFileTest {
    private static final String YAML = """
            name: two-hmm-devices
            seed: 1
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB], content: fingerprint}
                gpu0: {type: hmm-device, params: {deviceMemory: 64MiB}}
                gpu1: {type: hmm-device, params: {deviceMemory: 64MiB}}
            workload:
              type: hmm-migrate-compute
              params: {node: node1/gpu1, size: 8MiB, filled: 8MiB, hostSize: 1MiB}
            """;

    @Test
    void theWorkloadDrivesTheDeviceItNamesAndTheOtherStaysIdle() {
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        CompletedRun run = new ScenarioRunner(registry).run(new PlatformFileReader(registry).read("two.yaml", YAML));
        RunResult result = RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());

        assertThat(result.value("node1.gpu1.migrated.bytes")).as("input and output, 8 MiB each")
                .hasValue(16.0 * 1024 * 1024);
        assertThat(result.value("node1.gpu1.faultBacks")).as("8 MiB / 2 MiB").hasValue(4.0);
        assertThat(result.value("node1.gpu0.migrated.bytes")).hasValue(0.0);
        assertThat(result.value("node1.gpu0.faultBacks")).hasValue(0.0);
        assertThat(result.value("workload.integrity.mismatchedPages")).hasValue(0.0);
        assertThat(result.value("workload.errors")).hasValue(0.0);
    }
}
