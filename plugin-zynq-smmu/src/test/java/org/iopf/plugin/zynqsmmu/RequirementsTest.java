package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/** A hand-written ExaNeSt node with what an RDMA workload needs missing, and SMMU sizes beyond their ranges. */
final class RequirementsTest {
    private final PlatformFileReader reader = new PlatformFileReader(ExtensionRegistry.fromClassPath(
            RequirementsTest.class.getClassLoader()));

    private static final String PLATFORM = """
            nodes:
              - name: zynq
                cores: [{cluster: a53, count: 4}]
                iommu: {type: zynq-smmu%s}
                faults: {type: exanest-faults}
              - name: host
                nic0: {type: pinned-rc-nic}
            workload: {type: rdma-write-stream, params: {source: zynq, target: host}}
            """;

    @Test
    void aWorkloadWhoseSourceHasNoNicIsRefusedBeforeAnythingIsBuilt() {
        assertThatThrownBy(() -> reader.read("zynq.yaml", PLATFORM.formatted("")))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("zynq.yaml:8:54: workload.params.source: node 'zynq' has no NIC (rdma-write-stream "
                        + "writes from it); nodes with a NIC: [host]");
    }

    @Test
    void aTlbOfABillionEntriesIsRefusedAtItsValue() {
        assertThatThrownBy(() -> reader.read("tlb.yaml", PLATFORM.formatted(", params: {tlbEntries: 1000000000}")))
                .hasMessage("tlb.yaml:4:51: nodes[0].iommu.params.tlbEntries: '1000000000' is out of range; expected "
                        + "a whole number in 1..4096");
    }
}
