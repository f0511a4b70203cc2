package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.iopf.distribution.IopfProcess.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code bin/iopf sweep} on the bundled sweeps and the plugins' zips, end to end. */
final class SweepIT {
    private static final IopfProcess IOPF = IopfProcess.fromBuild();
    /** Every bundled sweep and its points; ib-npf-cost-vs-size also has a test of its own. */
    private static final Map<String, Integer> BUNDLED = Map.of(
            "ib-npf-cost-vs-size", 11,
            "dmaplane-credits-vs-bandwidth", 8,
            "dmaplane-numa-vs-buffer-size", 11,
            "eth-rings-vs-link-rate", 20,
            "fault-strategies-vs-buffer-size", 35,
            "uvm-batch-size", 3,
            "uvm-prefetch-vs-oversubscription", 6,
            "uvm-replay-policy", 4);

    @TempDir
    Path temp;

    @Test
    void theBundledSweepMeetsThePublishedFiguresAtItsEndsAndResumes() throws Exception {
        assertThat(IOPF.home().resolve("sweeps/ib-npf-cost-vs-size.yaml")).isRegularFile();
        Path out = temp.resolve("ib");
        Outcome run = IOPF.run("sweep", "ib-npf-cost-vs-size", "--out", out.toString(), "--workers", "2",
                "--no-progress");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("point 1 (workload.params.messageSize=4KiB): 7 of 7 expectations met",
                "point 11 (workload.params.messageSize=4MiB): 9 of 9 expectations met",
                "sweep ib-npf-cost-vs-size: 11 points x 1 replication: 11 ok, 0 missed, 0 failed, 0 done before");
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertThat(rows).hasSize(12);
        assertThat(rows.get(0)).contains("workload.params.messageSize,node2.nic0.npf.latency.mean");
        assertThat(rows.get(11)).contains("workload.params.messageSize=4MiB", ",ok,");
        assertThat(out.resolve("results.duckdb")).isRegularFile();
        assertThat(out.resolve("results.parquet")).isRegularFile();
        assertThat(run.err()).doesNotContain("Exception", "WARN");

        Outcome again = IOPF.run("sweep", "ib-npf-cost-vs-size", "--out", out.toString(), "--no-progress");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("0 ok, 0 missed, 0 failed, 11 done before; 0 runs");
        assertThat(Files.readAllLines(out.resolve("results.csv"))).isEqualTo(rows);
    }

    @Test
    void everyBundledSweepIsListedHere() throws IOException {
        try (Stream<Path> files = Files.list(IOPF.home().resolve("sweeps"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrderElementsOf(
                    BUNDLED.keySet().stream().map(n -> n + ".yaml").toList());
        }
    }

    static Stream<String> otherBundledSweeps() {
        return BUNDLED.keySet().stream().filter(n -> !n.equals("ib-npf-cost-vs-size")).sorted();
    }

    /** Each bundled sweep passes through its published points: every expectation of every point met. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("otherBundledSweeps")
    void aBundledSweepMeetsEveryExpectation(String name) throws Exception {
        Path out = temp.resolve(name);
        Outcome run = IOPF.run("sweep", name, "--out", out.toString(), "--workers", "2", "--no-progress");
        int points = BUNDLED.get(name);
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("sweep " + name + ": " + points + " points x 1 replication: " + points
                + " ok, 0 missed, 0 failed, 0 done before").doesNotContain("MISS");
        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(points + 1);
        assertThat(run.err()).doesNotContain("Exception", "WARN");
    }
}
