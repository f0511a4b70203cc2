package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/** What the PLDMA workloads declare they need of their nodes, refused when a file reads, before any event. */
final class RequirementsTest {
    private final PlatformFileReader reader = new PlatformFileReader(ExtensionRegistry.fromClassPath(
            RequirementsTest.class.getClassLoader()));

    private static String platform(String targetDma, String workload) {
        return """
                nodes:
                  - name: zynq
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    iommu: {type: premapped-iommu}
                    dma: {type: pldma}
                    faults: {type: demand-paging}
                  - name: host
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    iommu: {type: premapped-iommu}
                %s    faults: {type: demand-paging}
                workload: %s
                """.formatted(targetDma, workload);
    }

    @Test
    void aTargetWithoutADmaEngineIsNamedWithTheNodesThatHaveAPldma() {
        assertThatThrownBy(() -> reader.read("no-dma.yaml", platform("",
                "{type: pldma-stream, params: {source: zynq, target: host}}")))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("no-dma.yaml:11:63: workload.params.target: node 'host' has no DMA engine (pldma-stream "
                        + "serves its requests from it); nodes with a DMA engine: [zynq]");
    }

    @Test
    void aDmaEngineOfAnotherTypeIsNotAPldma() {
        assertThatThrownBy(() -> reader.read("plain.yaml", platform("    dma: {type: plain-dma}\n",
                "{type: pldma-compare, params: {source: zynq, target: host}}")))
                .hasMessage("plain.yaml:12:64: workload.params.target: node 'host' has DMA engine 'dma' (plain-dma), "
                        + "not pldma (pldma-compare serves its requests from it); nodes whose DMA engine is pldma: "
                        + "[zynq]");
    }

    @Test
    void absurdStreamCountsAreRefusedAndThePinnedBuffersMustFitThePinnableLimit() {
        assertThatThrownBy(() -> reader.read("streams.yaml", platform("    dma: {type: pldma}\n",
                "{type: pldma-stream, params: {source: zynq, target: host, streams: 1000000}}")))
                .hasMessage("streams.yaml:12:78: workload.params.streams: '1000000' is out of range; expected a whole "
                        + "number in 1..64");
        assertThatThrownBy(() -> reader.read("pinned.yaml", platform("    dma: {type: pldma}\n",
                "{type: pldma-stream, params: {source: zynq, target: host, mode: pinned, messageSize: 1GiB, "
                        + "messages: 16, concurrency: 16}}")))
                .hasMessageContaining("workload.params.source: node 'zynq' cannot pin the 32 GiB that pldma-stream "
                        + "(source) pins there: it has 16 GiB of memory, pinnable limit unlimited");
        assertThatCode(() -> reader.read("fine.yaml", platform("    dma: {type: pldma}\n",
                "{type: pldma-stream, params: {source: zynq, target: host}}"))).doesNotThrowAnyException();
    }
}
