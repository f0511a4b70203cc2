package org.iopf.plugin.dmaplane;

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
 * The dmaplane scenarios' checks can fail: a bundled scenario with one value broken misses the
 * expectation that value stands behind, and keeps the others.
 */
final class BrokenVariantsTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            BrokenVariantsTest.class.getClassLoader());

    private static List<String> missed(String scenario, String from, String to) throws IOException {
        String yaml = Files.readString(Path.of("../scenarios", scenario + ".yaml"));
        assertThat(yaml).contains(from);
        Scenario s = new PlatformFileReader(REGISTRY).read(scenario + "-broken.yaml", yaml.replace(from, to));
        CompletedRun run = new ScenarioRunner(REGISTRY).run(s);
        RunResult result = RunResult.of(s, run.simulation(), run.workload(), run.wallNanos());
        return result.expectations().outcomes().stream().filter(o -> !o.passed()).map(ExpectationOutcome::expectation)
                .map(e -> e.metric()).distinct().toList();
    }

    @Test
    void e5MissesItsRemoteChecksWhenTheCacheIsSmallerThanTheSmallBuffer() throws IOException {
        // a 512 KiB LLC cannot keep the 1 MiB buffer: it fills from DRAM on every pass
        assertThat(missed("dmaplane-numa-bandwidth", "dmaplane: {type: dmaplane}",
                "dmaplane: {type: dmaplane, params: {llcSize: 512KiB}}"))
                .contains("workload.bandwidth.small.local", "workload.bandwidth.small.remote", "workload.penalty.small")
                .doesNotContain("workload.bandwidth.large.local");
    }

    @Test
    void e7MissesItsThroughputWhenTheCreditsAreNotTheOnesTheScenarioNames() throws IOException {
        // 64 credits in the 16-credit scenario: past the knee, the stream runs at the receive core's cap
        assertThat(missed("dmaplane-credits-16", "default_credits: 16}", "default_credits: 64}"))
                .containsExactly("throughput");
    }
}
