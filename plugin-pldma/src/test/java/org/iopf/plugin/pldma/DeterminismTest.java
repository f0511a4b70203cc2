package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.Figure;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

final class DeterminismTest {
    private static Map<String, Double> figures(Scenario scenario) {
        CompletedRun run = new ScenarioRunner(PldmaTestbed.REGISTRY).run(scenario);
        RunResult result = RunResult.of(scenario, run.simulation(), run.workload(), run.wallNanos());
        Map<String, Double> figures = new TreeMap<>();
        for (Figure f : result.figures()) {
            if (!f.name().startsWith("wall.")) {
                figures.put(f.name(), f.value());
            }
        }
        return figures;
    }

    @Test
    void aLossyRunWithHangsGivesTheSameFiguresTwiceWithOneSeed() {
        Scenario scenario = new PlatformFileReader(PldmaTestbed.REGISTRY).read(Path.of("../scenarios/pldma-a11-hangs.yaml"));
        Map<String, Double> first = figures(scenario);
        Map<String, Double> second = figures(scenario);

        assertThat(second).isEqualTo(first);
        assertThat(first.get("node1.dma.retransmissions")).isPositive();
    }
}
