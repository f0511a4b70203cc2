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
 * E5 from the model, not a table: the local/remote bandwidth of a buffer follows from how much of
 * it the set-associative last-level cache keeps. A 4 MiB, 16-way cache here (64 sets of 16
 * frames): a 512 KiB buffer stays in it once warm, so its timed passes pay no line fill, local or
 * remote; a 16 MiB one misses on every pass, remote fills at SLIT distance 20 / 10 times the
 * latency; in between the bandwidth falls gradually; and the figure does not depend on how many
 * passes are timed.
 */
final class MemorySystemModelTest {
    private static final double MIB = 1 << 20;
    /** ns per byte at the default cache rate. */
    private static final double HIT = 1e9 / 13_284e6;
    /** ns per 64 B line fill at the default 95 ns latency and 20 fills in flight, local. */
    private static final double FILL = 95.0 / 20;

    private static RunResult run(String llc, String small, String large, int passes) {
        String yaml = "nodes:\n  - name: node1\n    cores: [{cluster: cpu, count: 2}]\n"
                + "    memory: {numa: [64MiB, 64MiB], distances: [[10, 20], [20, 10]]}\n"
                + "    dmaplane: {type: dmaplane, params: {llcSize: " + llc + "}}\n"
                + "workload: {type: dmaplane-numa-bandwidth, params: {smallSize: " + small + ", largeSize: " + large
                + ", passes: " + passes + "}}\n";
        Scenario scenario = new PlatformFileReader(TestPlatform.REGISTRY).read("e5.yaml", yaml);
        CompletedRun run = new ScenarioRunner(TestPlatform.REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
    }

    @Test
    void aBufferWellWithinTheCachePaysNoRemotePenaltyOnceWarmOneWellBeyondItPaysItOnEveryPass() {
        RunResult r = run("4MiB", "512KiB", "16MiB", 10);

        assertThat(bandwidth(r, "small.local")).isCloseTo(1e9 / HIT, Percentage.withPercentage(0.1));
        assertThat(bandwidth(r, "small.remote")).isEqualTo(bandwidth(r, "small.local"));
        assertThat(bandwidth(r, "large.local")).isCloseTo(missing(1), Percentage.withPercentage(0.5));
        assertThat(bandwidth(r, "large.remote")).isCloseTo(missing(2), Percentage.withPercentage(0.5));
        assertThat(r.value("workload.penalty.small").orElseThrow()).isZero();
        assertThat(r.value("workload.penalty.large").orElseThrow() / 1e6).isGreaterThan(0.3);
    }

    @Test
    void onceWarmTheFigureDoesNotDependOnHowManyPassesAreTimed() {
        RunResult two = run("4MiB", "3MiB", "16MiB", 2);
        RunResult ten = run("4MiB", "3MiB", "16MiB", 10);
        for (String figure : new String[] {"small.local", "small.remote", "large.local", "large.remote"}) {
            assertThat(bandwidth(ten, figure)).as(figure).isCloseTo(bandwidth(two, figure),
                    Percentage.withPercentage(0.01));
        }
    }

    @Test
    void theBandwidthFallsGraduallyAsTheBufferOutgrowsTheCache() {
        String[] sizes = {"2MiB", "3MiB", "4MiB", "5MiB", "6MiB", "8MiB"};
        double[] remote = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            remote[i] = bandwidth(run("4MiB", sizes[i], "16MiB", 2), "small.remote");
        }
        double all = 1e9 / HIT;
        double none = missing(2);
        for (int i = 1; i < sizes.length; i++) {
            assertThat(remote[i]).as(sizes[i] + " below " + sizes[i - 1]).isLessThan(remote[i - 1]);
        }
        // a buffer the cache's size neither all hits nor all misses: part of its sets overflow
        assertThat(remote[2]).isStrictlyBetween(none * 1.05, all * 0.95);
    }

    /** Bytes/s of a pass that fills every line from DRAM at {@code distanceFactor}. */
    private static double missing(int distanceFactor) {
        return 1e9 / (HIT + FILL * distanceFactor / 64);
    }

    private static double bandwidth(RunResult r, String run) {
        return r.value("workload.bandwidth." + run).orElseThrow() / 8;
    }
}
