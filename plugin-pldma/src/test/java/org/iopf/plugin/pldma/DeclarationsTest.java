package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/**
 * The PLDMA types' declarations at work: a statistic declared once is what validation checks,
 * with the nearest declared name, and every default says where it comes from.
 */
final class DeclarationsTest {
    private final PlatformFileReader reader = new PlatformFileReader(PldmaTestbed.REGISTRY);

    private static String scenario(String name) throws IOException {
        return Files.readString(Path.of("../scenarios", name));
    }

    @Test
    void aMisspelledR5StatisticIsRefusedWithTheNearestDeclaredOne() throws IOException {
        String text = scenario("pldma-a11-hangs.yaml").replace("metric: node1.dma.r5.timeouts",
                "metric: node1.dma.r5.timeout");
        assertThatThrownBy(() -> reader.read("pldma-a11-hangs.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("node1/dma (pldma) records no statistic 'r5.timeout' (did you mean 'r5.timeouts'?)");
    }

    @Test
    void aMisspelledPerStreamStatisticIsRefusedWithThePlaceholderName() throws IOException {
        String text = scenario("pldma-a8-pipelining.yaml").replace("metric: workload.nonFaulting.maxLossPpm",
                "metric: workload.stream1.lossPpn");
        assertThatThrownBy(() -> reader.read("pldma-a8-pipelining.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("workload pldma-stream records no statistic 'stream1.lossPpn' "
                        + "(did you mean '{stream}.lossPpm'?)");
    }

    @Test
    void moreFaultingStreamsThanStreamsIsRefusedBeforeTheRun() throws IOException {
        String text = scenario("pldma-a8-pipelining.yaml").replaceFirst("faultingStreams: 1", "faultingStreams: 9");
        assertThatThrownBy(() -> reader.read("pldma-a8-pipelining.yaml", text))
                .hasMessageContaining("faultingStreams must be in [0, streams]: 9");
    }

    @Test
    void everyParameterStatesItsSourceAndEveryStatisticIsDeclaredOnce() {
        assertThat(new PldmaEngineType().parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                .isNotInstanceOf(Source.Unstated.class));
        assertThat(new PldmaStreamWorkloadType().parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                .isNotInstanceOf(Source.Unstated.class));
        assertThat(new PldmaCompareWorkloadType().parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                .isNotInstanceOf(Source.Unstated.class));
        assertThat(new PldmaEngineType().statistics()).extracting(s -> s.name()).doesNotHaveDuplicates()
                .contains("r5.blocks.faulted", "recovery", "bytes.written");
    }
}
