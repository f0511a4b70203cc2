package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformSettings;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * A host with two NIC ports (scenarios/baseline-two-ports.yaml: nic0 at 25 Gbps, nic1 at 100 Gbps):
 * the stream leaves through the port its {@code source} names, at that port's rate.
 */
final class TwoPortsTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            TwoPortsTest.class.getClassLoader());
    private static final Path FILE = Path.of("../scenarios/baseline-two-ports.yaml");

    private static Map<String, Double> run(String... settings) {
        Scenario scenario = new PlatformSettings(REGISTRY).read(FILE, List.of(settings));
        CompletedRun run = new ScenarioRunner(REGISTRY).run(scenario);
        return RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos()).figures().stream()
                .collect(Collectors.toMap(Figure::name, Figure::value));
    }

    @Test
    void namingTheFastPortSendsAtItsRateAndLeavesTheOtherIdle() {
        Map<String, Double> figures = run();
        assertThat(figures.get("throughput")).isBetween(98.2e9, 98.7e9);
        assertThat(figures.get("node1.nic0.tx.bytes")).isZero();
        assertThat(figures.get("node1.nic1.tx.bytes")).isGreaterThanOrEqualTo(64.0 * 1024 * 1024);
    }

    @Test
    void theNodeAloneMeansItsFirstDeclaredNicAndThatPortsRateBindsTheStream() {
        Map<String, Double> figures = run("workload.source=node1");
        // A quarter of the 100 Gbps port's 98.6 Gbps: 4096 B of payload in 1326 ns per packet at
        // 25 Gbps (the 100 Gbps port's 332 ns rounded up from 331.3 ns), at most 24.73 Gbps.
        assertThat(figures.get("throughput")).isBetween(24.5e9, 24.73e9);
        assertThat(figures.get("node1.nic1.tx.bytes")).isZero();
        assertThat(figures.get("node1.nic0.tx.bytes")).isGreaterThanOrEqualTo(64.0 * 1024 * 1024);
    }

    @Test
    void sameAnswerAsTheSinglePortBaselineOnTheSamePortRate() {
        Map<String, Double> twoPorts = run();
        Map<String, Double> onePort = run("nodes[0].nic0.params.rate=100Gbps", "workload.source=node1");
        assertThat(twoPorts.get("throughput")).isEqualTo(onePort.get("throughput"));
    }
}
