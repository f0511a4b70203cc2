package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.SweepFileReader;
import org.iopf.core.sweep.PlatformLocator;
import org.iopf.core.sweep.Sweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep metric is checked against every point: one an axis's other fault handler records is a
 * blank cell where exanest-faults runs, while one no point records is refused at its line.
 */
final class SweepMetricsTest {
    @TempDir
    Path dir;

    private Sweep read(String faultsValues, String metric) throws IOException {
        Files.copy(Path.of("..", "scenarios", "smmu-a7-fault-recovery.yaml"), dir.resolve("base.yaml"));
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, """
                base: base.yaml
                axes:
                  - path: node1.faults
                    values: [%s]
                metrics:
                  - throughput
                  - %s
                """.formatted(faultsValues, metric));
        return new SweepFileReader(ScenarioRuns.REGISTRY).read(file, new PlatformLocator() {
            @Override
            public Optional<Path> find(String name, Path folder) {
                Path p = folder.resolve(name);
                return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
            }

            @Override
            public List<String> bundledNames() {
                return List.of();
            }
        });
    }

    @Test
    void aStatisticOfTheOtherHandlerOfAnAxisIsAccepted() throws IOException {
        Sweep sweep = read("{type: exanest-faults}, {type: demand-paging}", "node1.faults.faultAround.pages");
        assertThat(sweep.points()).hasSize(2);
    }

    @Test
    void aStatisticNoPointRecordsIsRefusedAtItsLine() {
        assertThatThrownBy(() -> read("{type: exanest-faults}, {type: exanest-faults, params: {pool: false}}",
                "node1.faults.resolve"))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("s.yaml:7:")
                .hasMessageContaining("node1/faults (exanest-faults) records no statistic 'resolve' "
                        + "(did you mean 'resolved'?)");
    }
}
