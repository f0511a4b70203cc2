package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/** Absurd dmaplane sizes are refused at their values; the workloads need a dmaplane on their nodes. */
final class RequirementsTest {
    private final PlatformFileReader reader = new PlatformFileReader(ExtensionRegistry.fromClassPath(
            RequirementsTest.class.getClassLoader()));

    private static String platform(String params, String workload) {
        return """
                nodes:
                  - name: node1
                    buffers: {type: dmaplane%s}
                  - name: node2
                    buffers: {type: pinned-buffers}
                workload: %s
                """.formatted(params, workload);
    }

    @Test
    void channelsAndCreditsBeyondTheirRangesAreRefused() {
        String stream = "{type: dmaplane-numa-bandwidth}";
        assertThatThrownBy(() -> reader.read("d.yaml", platform(", params: {channels: 1000000000}", stream)))
                .hasMessage("d.yaml:3:50: nodes[0].buffers.params.channels: '1000000000' is out of range; expected a "
                        + "whole number in 1..256");
        assertThatThrownBy(() -> reader.read("d.yaml", platform(", params: {default_credits: 1000000000}", stream)))
                .hasMessage("d.yaml:3:57: nodes[0].buffers.params.default_credits: '1000000000' is out of range; "
                        + "expected a whole number in 1..65536");
    }

    @Test
    void aCreditStreamToANodeWithoutADmaplaneIsRefused() {
        assertThatThrownBy(() -> reader.read("d.yaml", platform("", "{type: dmaplane-credit-stream}")))
                .hasMessage("d.yaml:6:11: workload.params.target: node 'node2' has buffer manager 'buffers' "
                        + "(pinned-buffers), not dmaplane (dmaplane-credit-stream receives into it); nodes whose buffer "
                        + "manager is dmaplane: [node1]");
    }

    @Test
    void aKvLayoutOfMoreChunksPerLayerThanTheImmediateCarriesIsRefusedAtValidation() {
        assertThatThrownBy(() -> reader.read("d.yaml", platform("", "{type: dmaplane-kv-transfer, params: "
                + "{target: node1, chunkSize: 1B}}")))
                .hasMessage("d.yaml:6:48: workload.params: a layer needs more than 65536 chunks");
    }
}
