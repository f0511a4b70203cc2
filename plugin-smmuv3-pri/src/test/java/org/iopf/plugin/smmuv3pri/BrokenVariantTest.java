package org.iopf.plugin.smmuv3pri;

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
 * The expectations of a bundled smmuv3 scenario can fail: the same file with its mechanism switched
 * off (the ATS/PRI engine replaced by a plain engine, so faults stall instead of becoming page requests)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
    @Test
    void stallingInsteadOfPageRequestsMissesThePriExpectations() throws IOException {
        String text = Files.readString(Path.of("../scenarios/smmuv3-dma-faults-pri.yaml"));
        String broken = text;
        broken = replaceOnce(broken, "dma: {type: ats-dma}",
                "dma: {type: plain-dma, params: {bandwidth: 16GB/s}}");
        RunResult intact = run("smmuv3-dma-faults-pri", text);
        RunResult variant = run("smmuv3-dma-faults-pri-broken", broken);

        assertThat(intact.expectations().allPassed()).as(intact.expectations().outcomes().toString()).isTrue();
        assertThat(variant.expectations().allPassed()).isFalse();
        assertThat(missed(variant)).as("the figures the mechanism decides")
                .contains("node1.smmu.stalls", "node1.smmu.priq.requests", "throughput");
    }
}
