package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.Comparison;
import org.iopf.core.platform.file.ComparisonFileReader;
import org.iopf.core.report.CellTemplate;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The InfiniBand column of {@code scenarios/compare/ib-vs-ethernet.yaml} (FIDELITY D1, D2): every
 * cell is filled from figures its scenario's run measured, and reads as the seed's row says.
 */
final class CompareColumnTest {
    private static final Path FILE = Path.of("../scenarios/compare/ib-vs-ethernet.yaml");

    @Test
    void theInfinibandColumnIsFilledFromTheMeasuredRun() {
        Comparison comparison = new ComparisonFileReader().read(FILE);
        Comparison.Column column = comparison.columns().get(0);
        assertThat(column.scenario().getFileName()).hasToString("ib-d1-cold-buffer.yaml");
        RunResult run = ScenarioFiles.run(column.scenario().toString());

        List<String> cells = comparison.rows().stream()
                .map(row -> CellTemplate.parse(row.cells().get(0)).fill(run)).toList();

        assertThat(comparison.rows()).extracting(Comparison.Row::label).containsExactly("Hardware support",
                "Fault detection", "Recovery mechanism", "Memory efficiency", "Max throughput", "Latency");
        // 256 entries per 1 MiB fault: the HCA's share is below the 4 KiB fault's 94%
        assertThat(cells.get(0)).isEqualTo("NPF circuit in the HCA: 81.1% of each fault in the NIC "
                + "(193.3 µs of 238.3 µs)");
        assertThat(cells.get(1)).isEqualTo("HCA translation-table miss, detected in 29.28 µs");
        // 64 faults, each answered by 18 RNR NAKs: the requester retries every 0.01 ms (timer code 1) while it lasts
        assertThat(cells.get(2)).isEqualTo("hardware retry after an RNR NAK: 1152 naks sent, 0 faults failed");
        assertThat(cells.get(3)).isEqualTo("dynamic working set: 64.00 MiB resident on demand, 0 B pinned");
        assertThat(cells.get(4)).isEqualTo("98.88 Gbps = 98.9% of line rate once resident");
        assertThat(cells.get(5)).isEqualTo("µs scale: 238.3 µs per fault (mean); cold start over in 35.65 ms");
    }
}
