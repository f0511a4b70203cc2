package org.iopf.plugin.uvm;

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
 * The expectations of a bundled uvm scenario can fail: the same file with its mechanism switched
 * off (thrashing detection off, and 40 rounds instead of 400)
 * misses them, while the file as bundled meets them.
 */
final class BrokenVariantTest {
    @Test
    void thrashingDetectionOffMissesTheThrashingExpectations() throws IOException {
        String text = Files.readString(Path.of("../scenarios/uvm-thrashing.yaml"));
        String broken = text;
        broken = replaceOnce(broken, "faults: {type: uvm-driver}",
                "faults: {type: uvm-driver, params: {thrashing: false}}");
        broken = replaceOnce(broken, "rounds: 400", "rounds: 40");
        RunResult intact = run("uvm-thrashing", text);
        RunResult variant = run("uvm-thrashing-broken", broken);

        assertThat(intact.expectations().allPassed()).as(intact.expectations().outcomes().toString()).isTrue();
        assertThat(variant.expectations().allPassed()).isFalse();
        assertThat(missed(variant)).as("the figures the mechanism decides")
                .contains("node1.faults.thrashing.pinned", "node1.gpu.migrated.toDevice.pages");
    }
}
