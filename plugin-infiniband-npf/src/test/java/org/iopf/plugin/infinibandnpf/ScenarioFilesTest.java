package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.iopf.core.report.ExpectationOutcome;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bundled ib scenario and example meets its expectations; each mitigation's effect shows. */
final class ScenarioFilesTest {
    static List<Path> files() throws IOException {
        try (Stream<Path> scenarios = Files.list(Path.of("../scenarios"));
                Stream<Path> examples = Files.list(Path.of("../examples"))) {
            return Stream.concat(scenarios, examples)
                    .filter(p -> p.getFileName().toString().startsWith("ib")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void meetsEveryExpectation(Path file) {
        RunResult result = ScenarioFiles.run(file.toString());
        assertThat(result.expectations().outcomes()).isNotEmpty();
        assertThat(result.expectations().outcomes()).filteredOn(o -> !o.passed())
                .extracting(ExpectationOutcome::message).isEmpty();
        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
        assertThat(ScenarioFiles.undeclared(file.toString(), result))
                .as("statistics recorded but not declared by their types").isEmpty();
    }

    @Test
    void theBundledFilesAreThere() throws IOException {
        assertThat(files()).extracting(p -> p.getFileName().toString()).contains("ib-npf-4k.yaml",
                "ib-npf-4m.yaml", "ib-read-fault-default.yaml", "ib-read-fault-tuned.yaml",
                "ib-steady-throughput.yaml", "ib-mitigation-prefetch.yaml", "ib-mitigation-thp.yaml",
                "ib-mitigation-rnr-timer.yaml", "ib-probe-fault-cost.yaml", "ib-probe-fault-cost-4m.yaml",
                "ib-mitigation-pd-isolation.yaml", "ib-d1-cold-buffer.yaml", "ib-odp-prefetch-none.yaml",
                "ib-odp-prefetch-registration.yaml", "ib-odp-prefetch-advise.yaml", "ib-npf-hca.yaml");
    }

    private static RunResult variant(String file, String from, String to) throws IOException {
        String text = Files.readString(Path.of("../scenarios", file));
        assertThat(text).contains(from);
        return ScenarioFiles.runText(file, text.replace(from, to));
    }

    private static double value(RunResult result, String name) {
        return result.value(name).orElseThrow();
    }

    @Test
    void prefetchByAdviceCostsItsCallPrefetchAtRegistrationNothingAndNoPrefetchEveryColdProbe() {
        RunResult none = ScenarioFiles.run("../scenarios/ib-odp-prefetch-none.yaml");
        RunResult registration = ScenarioFiles.run("../scenarios/ib-odp-prefetch-registration.yaml");
        RunResult advise = ScenarioFiles.run("../scenarios/ib-odp-prefetch-advise.yaml");
        assertThat(value(advise, "workload.elapsed")).isEqualTo(value(registration, "workload.elapsed")
                + value(advise, "workload.adviseTime"));
        assertThat(value(advise, "workload.elapsed")).isLessThan(value(none, "workload.elapsed"));
        assertThat(value(advise, "workload.warm.mean")).isEqualTo(value(none, "workload.warm.mean"));
    }

    @Test
    void adviceWithoutFlushRacesTheFirstProbeWhichJoinsTheQueuedWork() throws IOException {
        RunResult async = variant("ib-odp-prefetch-advise.yaml", "adviseFlush: true", "adviseFlush: false");
        assertThat(value(async, "workload.adviseTime")).isZero();
        assertThat(value(async, "node2.nic0.npf.faults")).isZero();
        assertThat(value(async, "node2.nic0.npf.joined")).isPositive();
        assertThat(value(async, "workload.faultCost")).isPositive().isLessThan(212_320 / 10.0);
        assertThat(value(async, "integrity.mismatchedPages")).isZero();
    }

    @Test
    void noFaultAdviceOnNeverTouchedMemoryMapsNothing() throws IOException {
        RunResult noFault = variant("ib-odp-prefetch-advise.yaml", "advise: prefetch-write",
                "advise: prefetch-no-fault");
        assertThat(value(noFault, "node2.nic0.advise.pages")).isZero();
        assertThat(value(noFault, "node2.nic0.npf.faults")).isEqualTo(16);
    }

    @Test
    void hugePagesTurnThirtyTwoFaultsIntoOne() throws IOException {
        RunResult with = ScenarioFiles.run("../scenarios/ib-mitigation-thp.yaml");
        RunResult without = variant("ib-mitigation-thp.yaml", "hugePages: true", "hugePages: false");
        assertThat(value(with, "node2.nic0.npf.faults")).isEqualTo(1);
        assertThat(value(without, "node2.nic0.npf.faults")).isEqualTo(32);
        assertThat(value(without, "integrity.mismatchedPages")).isZero();
    }

    @Test
    void prefetchRemovesTheStartUpFaultsAndTheirCost() throws IOException {
        RunResult with = ScenarioFiles.run("../scenarios/ib-mitigation-prefetch.yaml");
        RunResult without = variant("ib-mitigation-prefetch.yaml", "prefetch: true", "prefetch: false");
        assertThat(value(without, "node2.nic0.npf.faults")).isEqualTo(4);
        assertThat(value(with, "throughput")).isGreaterThan(value(without, "throughput") * 1.03);
    }

    @Test
    void isolationKeepsTheCriticalFaultFromQueueingBehindTheBulkOne() throws IOException {
        RunResult isolated = ScenarioFiles.run("../scenarios/ib-mitigation-pd-isolation.yaml");
        RunResult shared = variant("ib-mitigation-pd-isolation.yaml", "pdIsolation: true", "pdIsolation: false");
        assertThat(value(shared, "node2.nic0.npf.queued.max")).isGreaterThan(Time.micros(300));
        assertThat(value(shared, "workload.faultCost")).isGreaterThan(value(isolated, "workload.faultCost") + 100_000);
    }

    @Test
    void aLongerRnrTimerTradesRetriesForStall() throws IOException {
        RunResult tuned = ScenarioFiles.run("../scenarios/ib-mitigation-rnr-timer.yaml");
        RunResult eager = variant("ib-mitigation-rnr-timer.yaml", "minRnrTimer: 9", "minRnrTimer: 1");
        assertThat(value(eager, "node2.nic0.rnr.naksSent")).isGreaterThan(10 * value(tuned, "node2.nic0.rnr.naksSent"));
        assertThat(value(eager, "node2.nic0.rx.faultStall.mean")).isLessThan(value(tuned, "node2.nic0.rx.faultStall.mean"));
    }

    @Test
    void theReadFaultStallFollowsTheTransportTimer() {
        double slow = value(ScenarioFiles.run("../scenarios/ib-read-fault-default.yaml"), "latency.mean");
        double fast = value(ScenarioFiles.run("../scenarios/ib-read-fault-tuned.yaml"), "latency.mean");
        assertThat(slow / fast).isBetween(180.0, 220.0);
    }

    @Test
    void aSendFaultsLikeAWriteAndAReadCostsTheTransportTimer() throws IOException {
        double write = value(ScenarioFiles.run("../scenarios/ib-probe-fault-cost.yaml"), "workload.faultCost");
        RunResult send = variant("ib-probe-fault-cost.yaml", "verb: write", "verb: send");
        assertThat(value(send, "workload.faultCost")).isEqualTo(write);
        assertThat(value(send, "integrity.mismatchedPages")).isZero();
        RunResult read = variant("ib-probe-fault-cost.yaml", "messages: 8, verb: write", "messages: 2, verb: read");
        assertThat(value(read, "workload.faultCost")).isGreaterThan(Time.millis(200) * 0.99);
        assertThat(value(read, "integrity.mismatchedPages")).isZero();
        assertThat(value(read, "node2.nic0.read.faultDrops")).isEqualTo(2);
    }

    @Test
    void theSameRunTwiceGivesTheSameFigures() {
        assertThat(figures(ScenarioFiles.run("../scenarios/ib-npf-4m.yaml")))
                .isEqualTo(figures(ScenarioFiles.run("../scenarios/ib-npf-4m.yaml")));
    }

    private static Map<String, Double> figures(RunResult result) {
        Map<String, Double> map = new TreeMap<>();
        for (Figure f : result.figures()) {
            if (!f.name().startsWith("wall.")) {
                map.put(f.name(), f.value());
            }
        }
        return map;
    }
}
