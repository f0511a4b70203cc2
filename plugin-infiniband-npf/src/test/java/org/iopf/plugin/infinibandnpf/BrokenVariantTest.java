package org.iopf.plugin.infinibandnpf;

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
 * The expectations of a bundled ib scenario can fail: the same file with its mechanism switched
 * off (prefetch off on both HCAs, and a shorter stream)
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
