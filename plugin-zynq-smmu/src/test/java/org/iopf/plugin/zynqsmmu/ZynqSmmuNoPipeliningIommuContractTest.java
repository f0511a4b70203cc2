package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.MemoryManager;
import org.iopf.testkit.IommuContract;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/**
 * {@code zynq-smmu} with pipelining off (FIDELITY A10: no HUPCF) honours the IOMMU contract: while a
 * fault is stalled every other transaction is held, not faulted; a held transaction raises nothing,
 * hears RETRY once the stall ends and then translates as it would have.
 */
final class ZynqSmmuNoPipeliningIommuContractTest implements IommuContract {
    @Override
    public String iommuPlatform() {
        return """
                nodes:
                  - name: node1
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory: {numa: [1GiB]}
                    smmu:
                      type: zynq-smmu
                      params: {pipelining: false}
                    faults: {type: terminate}
                """;
    }

    @Test
    void aTransactionBehindAStalledFaultIsHeldRaisesNothingAndHearsRetry() {
        TestBench bench = TestBench.of(iommuPlatform());
        Iommu smmu = bench.role("node1", Iommu.class);
        MemoryManager mm = bench.memoryManager("node1");
        var space = mm.createAddressSpace("app");
        smmu.attach(new StreamId(1), new DomainId(1), space);
        smmu.attach(new StreamId(2), new DomainId(2), space);
        smmu.map(new DomainId(2), 0x4000_0000L, 0x1000_0000L, 4096, true);
        List<FaultResolution> heard = new ArrayList<>();

        Translation stalled = smmu.translate(new StreamId(1), 0x5000_0000L, Access.READ, (f, r) -> { });
        Translation held = smmu.translate(new StreamId(2), 0x4000_0010L, Access.READ, (f, r) -> heard.add(r));

        assertThat(stalled.isRaisedFault()).isTrue();
        assertThat(held).isInstanceOf(Translation.Held.class);
        assertThat(held.isRaisedFault()).isFalse();
        assertThat(bench.faultSink("node1").raised()).isEqualTo(1);
        bench.run();
        assertThat(heard).containsExactly(FaultResolution.RETRY);
        assertThat(smmu.translate(new StreamId(2), 0x4000_0010L, Access.READ, (f, r) -> { }).address().getAsLong())
                .isEqualTo(0x1000_0010L);
    }
}
