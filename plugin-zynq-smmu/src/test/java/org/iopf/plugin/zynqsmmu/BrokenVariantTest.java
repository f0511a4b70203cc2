package org.iopf.plugin.zynqsmmu;

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
 * The expectations of a bundled smmu scenario can fail: the same file with its mechanism switched
 * off (pipelining off: a stalled fault holds every other transaction)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
    @Test
    void pipeliningOffMissesTheExpectationsOfPipeliningOn() throws IOException {
        String text = Files.readString(Path.of("../scenarios/smmu-a10-pipelining-on.yaml"));
        String broken = text;
        broken = replaceOnce(broken, "smmu: {type: zynq-smmu}",
                "smmu: {type: zynq-smmu, params: {pipelining: false}}");
        RunResult intact = run("smmu-a10-pipelining-on", text);
        RunResult variant = run("smmu-a10-pipelining-on-broken", broken);

        assertThat(intact.expectations().allPassed()).as(intact.expectations().outcomes().toString()).isTrue();
        assertThat(variant.expectations().allPassed()).isFalse();
        assertThat(missed(variant)).as("the figures the mechanism decides")
                .contains("throughput", "node1.smmu.held");
    }
}
