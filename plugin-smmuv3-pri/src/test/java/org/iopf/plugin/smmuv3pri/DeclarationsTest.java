package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.file.PlatformFileException;
import org.junit.jupiter.api.Test;

/** The three types' declarations: every default states its source, statistics are unique and checked. */
final class DeclarationsTest {
    @Test
    void everyParameterStatesItsSourceAndEveryStatisticIsDeclaredOnce() {
        for (ComponentType type : List.of(new Smmuv3Type(), new AtsDmaType(), new IopfFaultsType())) {
            assertThat(type.parameters()).as(type.name()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                    .isNotInstanceOf(Source.Unstated.class));
            assertThat(type.statistics()).as(type.name()).extracting(s -> s.name()).doesNotHaveDuplicates();
        }
        assertThat(new Smmuv3Type().statistics()).extracting(s -> s.name())
                .contains("priq.discarded", "priq.autoResponses", "cmdq.priResp", "atc.invTimeouts");
    }

    @Test
    void aMisspelledPriStatisticIsRefusedWithTheNearestDeclaredOne() throws IOException {
        String text = Files.readString(Path.of("../scenarios/smmuv3-pri-queue-overflow.yaml"))
                + "  - {metric: node1.smmu.priq.discard, min: 1}\n";
        assertThatThrownBy(() -> ScenarioRuns.readText("overflow.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("records no statistic 'priq.discard' (did you mean 'priq.discarded'?)");
    }

    @Test
    void anAtsEngineWithoutAnSmmuv3IsRefused() {
        String text = """
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 1}]
                    memory: {numa: [64MiB]}
                    iommu: {type: premapped-iommu}
                    dma: {type: ats-dma}
                    faults: {type: linux-iopf}
                workload:
                  type: dma-copy-stream
                  params: {node: node1, blockSize: 4KiB, messages: 1, concurrency: 1}
                """;
        assertThatThrownBy(() -> ScenarioRuns.run(ScenarioRuns.readText("no-smmuv3.yaml", text)))
                .hasStackTraceContaining("ats-dma needs the node's IOMMU to be an smmuv3");
    }
}
