package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The eth family's checks can fail: a bundled scenario with one mechanism broken (the backup ring
 * taken away, the buffer left unpinned) misses the expectations that the mechanism carries, and
 * only those that depend on it.
 */
final class EthScenarioChecksCanFailTest {
    private static final ExtensionRegistry REGISTRY =
            ExtensionRegistry.fromClassPath(EthScenarioChecksCanFailTest.class.getClassLoader());

    @Test
    void withoutTheBackupRingTheCopyOnWriteFaultsDropFramesAndTheCowScenarioMisses() throws IOException {
        List<String> missed = missed("eth-cow-backup-ring.yaml", "mode: backup-ring,", "mode: cold-ring,");

        // frames into write-protected pages are dropped, not parked; the losses make a dip
        assertThat(missed).contains("node2.nic0.rx.faultDrops", "node2.nic0.rx.backupRingPackets",
                "workload.eth.recovery");
        // what the ring does not carry still holds: the fork itself and the data
        assertThat(missed).doesNotContain("workload.eth.cowFaults", "workload.eth.triggerBytes",
                "workload.integrity.mismatchedPages", "workload.eth.childMismatchedPages");
    }

    @Test
    void anUnpinnedColdBufferMissesThePinnedBaselinesChecks() throws IOException {
        List<String> missed = missed("eth-pinned-baseline.yaml", "mode: pinned, trigger: none",
                "mode: cold-ring, trigger: startup");

        assertThat(missed).contains("faults.total", "memory.node2.pinned", "workload.eth.recovery",
                "node1.nic0.tcp.retransmissions", "throughput");
        assertThat(missed).doesNotContain("workload.integrity.mismatchedPages");
    }

    /** Runs a bundled scenario with {@code from} replaced by {@code to}; the metrics of the missed expectations. */
    private static List<String> missed(String file, String from, String to) throws IOException {
        String text = Files.readString(Path.of("../scenarios", file));
        assertThat(text).contains(from);
        Scenario scenario = new PlatformFileReader(REGISTRY).read(file + " (broken)", text.replace(from, to));
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        RunResult result = RunResult.of(run.scenario(), run.simulation(), run.workload(), run.wallNanos());
        return result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map((ExpectationOutcome o) -> o.expectation().metric()).toList();
    }
}
