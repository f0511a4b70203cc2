package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.Comparison;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.ComparisonFileReader;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.report.CellTemplate;
import org.iopf.core.report.RunResult;
import org.iopf.core.run.CompletedRun;
import org.iopf.core.run.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The Ethernet column of {@code scenarios/compare/ib-vs-ethernet.yaml} (FIDELITY D1, D2): every
 * cell is filled from figures its scenario's run measured, and reads as the seed's row says.
 */
final class CompareColumnTest {
    private static final Path FILE = Path.of("../scenarios/compare/ib-vs-ethernet.yaml");

    @Test
    void theEthernetColumnIsFilledFromTheMeasuredRun() {
        Comparison comparison = new ComparisonFileReader().read(FILE);
        Comparison.Column column = comparison.columns().get(1);
        assertThat(column.scenario().getFileName()).hasToString("eth-backup-ring-prototype.yaml");
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        Scenario scenario = new PlatformFileReader(registry).read(column.scenario());
        CompletedRun completed = new ScenarioRunner(registry).run(scenario);
        RunResult run = RunResult.of(completed.scenario(), completed.simulation(), completed.workload(),
                completed.wallNanos());

        List<String> cells = comparison.rows().stream()
                .map(row -> CellTemplate.parse(row.cells().get(1)).fill(run)).toList();

        // 16384 pages of the 64 MiB buffer; the rest were resolved by fault-around before a frame touched them
        assertThat(cells.get(0)).isEqualTo("generic rx DMA: 16082 faults raised by the IOMMU, resolved by the OS");
        assertThat(cells.get(1)).isEqualTo("IOMMU fault caught in software: 327.7 µs from raised to resolved (p50)");
        // the prototype parks every one of the 30000 segments of 256 MiB and copies all of them out
        assertThat(cells.get(2)).isEqualTo("software backup ring: 30000 packets parked, 256.0 MiB copied out by "
                + "the CPU");
        assertThat(cells.get(3)).isEqualTo("semi-static: 67.75 MiB resident, 3.750 MiB of it pinned (the ring)");
        // two writes a frame fit the NIC's PCIe 3.0 x8 receive DMA: line rate, not the seed's -50%
        assertThat(cells.get(4)).isEqualTo("9.900 Gbps = 99.0% of line rate once resident");
        // faults drained in interrupt passes and resolved on a 3-core workqueue
        assertThat(cells.get(5)).isEqualTo("ms scale: 938.8 µs from fault to placed (mean); cold start over in "
                + "91.00 ms");
    }
}
