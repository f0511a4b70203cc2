package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.file.PlatformFileException;
import org.junit.jupiter.api.Test;

/**
 * The zynq-smmu and exanest-faults declarations at work: a statistic or a range declared once is
 * what validation checks, and every default says where it comes from.
 */
final class DeclarationsTest {
    private static String recovery() throws IOException {
        return Files.readString(Path.of("../scenarios/smmu-a7-fault-recovery.yaml"));
    }

    @Test
    void aMisspelledHandlerStatisticIsRefusedWithTheNearestDeclaredOne() throws IOException {
        String text = recovery().replace("metric: node1.faults.resolved", "metric: node1.faults.resolve");
        assertThatThrownBy(() -> ScenarioRuns.readText("smmu-a7-fault-recovery.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("node1/faults (exanest-faults) records no statistic 'resolve' "
                        + "(did you mean 'resolved'?)");
    }

    @Test
    void aMisspelledSmmuFaultCounterIsRefusedWithTheNearestDeclaredOne() throws IOException {
        String text = recovery() + "  - {metric: node1.smmu.faults.translations, min: 1}\n";
        assertThatThrownBy(() -> ScenarioRuns.readText("smmu-a7-fault-recovery.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("node1/smmu (zynq-smmu) records no statistic 'faults.translations' "
                        + "(did you mean 'faults.translation'?)");
    }

    @Test
    void aLowWaterMarkAboveThePoolIsRefusedAtCreation() throws IOException {
        String text = recovery().replace("faults: {type: exanest-faults}",
                "faults: {type: exanest-faults, params: {poolPages: 8, poolLowWater: 9}}");
        assertThatThrownBy(() -> ScenarioRuns.run(ScenarioRuns.readText("low.yaml", text)))
                .hasStackTraceContaining("need poolLowWater (9) <= poolPages (8)");
    }

    @Test
    void everyParameterStatesItsSourceAndTheFittedCostsSayWhatTheyWereFittedTo() {
        assertThat(new ZynqSmmuType().parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                .isNotInstanceOf(Source.Unstated.class));
        assertThat(new ExanestFaultsType().parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                .isNotInstanceOf(Source.Unstated.class));
        assertThat(ExanestFaultsType.NETLINK_LATENCY.spec().source())
                .isEqualTo(Source.calibrated("A7 (optimised recovery ~200 us)", "smmu-a7-fault-recovery"));
        assertThat(new ExanestFaultsType().statistics()).extracting(s -> s.name()).doesNotHaveDuplicates()
                .contains("recovery", "step.netlink", "pool.available");
        assertThat(new ZynqSmmuType().statistics()).extracting(s -> s.name()).doesNotHaveDuplicates()
                .contains("faults.translation", "tlb.occupied");
    }
}
