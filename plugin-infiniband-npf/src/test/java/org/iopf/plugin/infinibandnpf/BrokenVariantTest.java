package org.iopf.plugin.infinibandnpf;

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
 * The expectations of a bundled ib scenario can fail: the same file with its mechanism switched
 * off (prefetch off on both HCAs, and a shorter stream)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
    @Test
    void prefetchOffMissesTheExpectationsOfThePrefetchMitigation() throws IOException {
        String text = Files.readString(Path.of("../scenarios/ib-mitigation-prefetch.yaml"));
        String broken = text;
        broken = broken.replace("{prefetch: true}", "{prefetch: false}");
        assertThat(broken).as("prefetch off on both HCAs").doesNotContain("prefetch: true")
                .contains("prefetch: false");
        broken = replaceOnce(broken, "messages: 512", "messages: 16");
        RunResult intact = run("ib-mitigation-prefetch", text);
        RunResult variant = run("ib-mitigation-prefetch-broken", broken);

        assertThat(intact.expectations().allPassed()).as(intact.expectations().outcomes().toString()).isTrue();
        assertThat(variant.expectations().allPassed()).isFalse();
        assertThat(missed(variant)).as("the figures the mechanism decides")
                .contains("node1.nic0.npf.faults", "node2.nic0.npf.faults", "node2.nic0.prefetchedPages");
    }
}
