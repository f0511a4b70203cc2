package org.iopf.plugin.hmm;

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
 * The expectations of a bundled hmm scenario can fail: the same file with its mechanism switched
 * off (the ping-pong guard replaced by the always-migrate policy)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
    private static final ExtensionRegistry REGISTRY =
            ExtensionRegistry.fromClassPath(BrokenVariantTest.class.getClassLoader());

    private static RunResult run(String name, String yaml) {
        Scenario scenario = new PlatformFileReader(REGISTRY).read(name, yaml);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }

    private static List<String> missed(RunResult result) {
        return result.expectations().outcomes().stream().filter(o -> !o.passed())
                .map(o -> o.expectation().metric()).distinct().toList();
    }

    /** {@code text} with {@code from} replaced by {@code to}, exactly once (so the variant is the one meant). */
    private static String replaceOnce(String text, String from, String to) {
        int at = text.indexOf(from);
        assertThat(at).as("'" + from + "' in the scenario").isNotNegative();
        assertThat(text.indexOf(from, at + 1)).as("'" + from + "' only once").isNegative();
        return text.substring(0, at) + to + text.substring(at + from.length());
    }

    @Test
    void withoutTheGuardEveryHotRangeComesBackEveryRound() throws IOException {
        String text = Files.readString(Path.of("../scenarios/hmm-ping-pong.yaml"));
        String broken = text;
        broken = replaceOnce(broken, "policy: ping-pong-guard, pingPongThreshold: 2", "policy: always");
        RunResult intact = run("hmm-ping-pong", text);
        RunResult variant = run("hmm-ping-pong-broken", broken);

        assertThat(intact.expectations().allPassed()).as(intact.expectations().outcomes().toString()).isTrue();
        assertThat(variant.expectations().allPassed()).isFalse();
        assertThat(missed(variant)).as("the figures the mechanism decides")
                .contains("workload.node1.faultBacks", "node1.gpu.pingPong.blockedRanges",
                        "workload.node1.cpuStall");
    }
}
