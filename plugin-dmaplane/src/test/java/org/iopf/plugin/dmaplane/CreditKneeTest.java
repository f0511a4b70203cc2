package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * E7's knee comes from queueing, not from a {@code min}: with the per-packet cost drawn per packet
 * the Soft-RoCE cores queue before they saturate, so just past the linear regime the stream runs
 * below both the linear extrapolation and the cap; with constant costs the knee is the sharp
 * {@code min(c x rate, cap)}.
 */
final class CreditKneeTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            CreditKneeTest.class.getClassLoader());

    private static double throughput(int credits, String packetCost) throws IOException {
        String yaml = Files.readString(Path.of("../scenarios/dmaplane-credits-64.yaml"))
                .replace("rxePacketCost: \"lognormal(900ns, 1.0)\", default_credits: 64}",
                        "rxePacketCost: \"" + packetCost + "\", default_credits: " + credits + "}")
                .replace("messages: 20000", "messages: 6000");
        Scenario s = new PlatformFileReader(REGISTRY).read("knee.yaml", yaml);
        CompletedRun run = new ScenarioRunner(REGISTRY).run(s);
        return RunResult.of(s, run.simulation(), run.workload(), run.wallNanos()).value("throughput").orElseThrow();
    }

    @Test
    void variablePerPacketWorkMakesTheKneeGradualAndConstantWorkMakesItSharp() throws IOException {
        double cap = throughput(64, "900ns");
        assertThat(throughput(24, "900ns")).as("constant: 24 credits are already at the cap")
                .isCloseTo(cap, org.assertj.core.data.Percentage.withPercentage(0.1));
        double sixteen = throughput(16, "lognormal(900ns, 1.0)");
        double twentyFour = throughput(24, "lognormal(900ns, 1.0)");
        double sixtyFour = throughput(64, "lognormal(900ns, 1.0)");
        assertThat(twentyFour).as("variable: 24 credits below the cap").isLessThan(0.995 * sixtyFour);
        assertThat(twentyFour).as("and below 24/16 of the 16-credit rate").isLessThan(1.5 * sixteen);
        assertThat(sixtyFour).as("the mean cost is the same, so is the cap").isCloseTo(cap,
                org.assertj.core.data.Percentage.withPercentage(1));
    }
}
