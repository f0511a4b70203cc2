package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.testkit.ScenarioVariants.missed;
import static org.iopf.testkit.ScenarioVariants.replaceOnce;
import static org.iopf.testkit.ScenarioVariants.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The expectations of a bundled hmm scenario can fail: the same file with its mechanism switched
 * off (the ping-pong guard replaced by the always-migrate policy)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
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
