package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Percentage;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * E5 from the model, not a table: the local/remote bandwidth of a buffer follows from whether it
 * fits the last-level cache. A 4 MiB cache here: a 2 MiB buffer pays line fills (remote ones at
 * SLIT distance 20 / 10 times the latency) only on its first pass, an 8 MiB one on every pass.
 */
final class MemorySystemModelTest {
    private static final double MIB = 1 << 20;
    /** ns per byte at the default 13608 MB/s cache rate. */
    private static final double HIT = 1e9 / 13_608e6;
    /** ns per 64 B line fill at the default 95 ns latency and 20 fills in flight, local. */
    private static final double FILL = 95.0 / 20;

    @Test
    void aBufferThatFitsTheCachePaysTheRemotePenaltyOnceOneThatDoesNotOnEveryPass() {
        String yaml = "nodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 2}]\n"
                + "    memory: {numa: [64MiB, 64MiB], distances: [[10, 20], [20, 10]]}\n"
                + "    dmaplane: {type: dmaplane, params: {llcSize: 4MiB}}\n"
                + "workload: {type: dmaplane-numa-bandwidth, params: {smallSize: 2MiB, largeSize: 8MiB, passes: 10}}\n";
        Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("e5.yaml", yaml);
        CompletedRun run = new ScenarioRunner(TestPlatform.REGISTRY).run(scenario);
        RunResult r = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());

        assertThat(bandwidth(r, "small.local")).isCloseTo(expected(2, 1, 1), Percentage.withPercentage(0.1));
        assertThat(bandwidth(r, "small.remote")).isCloseTo(expected(2, 1, 2), Percentage.withPercentage(0.1));
        assertThat(bandwidth(r, "large.local")).isCloseTo(expected(8, 10, 1), Percentage.withPercentage(0.1));
        assertThat(bandwidth(r, "large.remote")).isCloseTo(expected(8, 10, 2), Percentage.withPercentage(0.1));
        double smallPenalty = r.value("workload.penalty.small").orElseThrow() / 1e6;
        double largePenalty = r.value("workload.penalty.large").orElseThrow() / 1e6;
        assertThat(smallPenalty).isLessThan(0.1);
        assertThat(largePenalty).isGreaterThan(0.3);
        assertThat(r.value("node1.dmaplane.llc.misses").orElseThrow())
                .as("2 MiB once, twice; 8 MiB ten times, twice; in 4 KiB frames")
                .isEqualTo(2 * (2 * 256 + 10 * 2 * 1024));
    }

    /** Bytes/s of 10 passes over {@code mib} MiB, {@code missedPasses} of them filling from DRAM at {@code distanceFactor}. */
    private static double expected(int mib, int missedPasses, int distanceFactor) {
        double bytes = mib * MIB;
        double nanos = 10 * bytes * HIT + missedPasses * (bytes / 64) * FILL * distanceFactor;
        return 10 * bytes / nanos * 1e9;
    }

    private static double bandwidth(RunResult r, String run) {
        return r.value("workload.bandwidth." + run).orElseThrow() / 8;
    }
}
