package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/**
 * eth-os-faults and a read-only mapping: a device's read of a page the process mapped read-only is
 * resolved (it was terminated, because every page was faulted in for writing) and fault-around maps
 * the window read-only; a write to it is still terminated.
 */
final class OsFaultHandlerReadOnlyTest {
    private static final String PLATFORM = """
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 4}]
                memory: {numa: [1GiB]}
                iommu: {type: premapped-iommu}
                faults: {type: eth-os-faults}
            """;
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);

    private final TestBench bench = TestBench.of(PLATFORM);
    private final Iommu iommu = bench.role("node1", Iommu.class);
    private final MemoryManager mm = bench.memoryManager("node1");
    private final AddressSpace space = mm.createAddressSpace("app");
    private final long va = mm.mmap(space, 16 * 4096, MapOptions.DEFAULT.withWritable(false));
    private final List<FaultResolution> heard = new ArrayList<>();

    @Test
    void aReadOfAReadOnlyPageIsResolvedAndFaultAroundMapsTheWindowReadOnly() {
        iommu.attach(STREAM, DOMAIN, space);

        assertThat(iommu.translate(STREAM, va + 0x10, Access.READ, (f, r) -> heard.add(r)).isFault()).isTrue();
        bench.run();

        assertThat(heard).containsExactly(FaultResolution.RETRY);
        assertThat(bench.role("node1", FaultHandler.class).resolved()).isEqualTo(1);
        assertThat(iommu.translate(STREAM, va + 0x10, Access.READ, (f, r) -> { }).address().getAsLong())
                .isEqualTo(mm.translate(space, va + 0x10, Access.READ).orElse(-1));
        assertThat(iommu.translate(STREAM, va + 15 * 4096, Access.READ, (f, r) -> { }).address().getAsLong())
                .as("the last page of the 64 KiB fault-around window").isEqualTo(mm.translate(space, va + 15 * 4096,
                        Access.READ).orElse(-1));
        assertThat(iommu.translate(STREAM, va + 0x10, Access.WRITE, (f, r) -> heard.add(r)).isFault())
                .as("a write through the read-only mapping").isTrue();
        bench.run();
        assertThat(heard).containsExactly(FaultResolution.RETRY, FaultResolution.TERMINATE);
        assertThat(mm.translate(space, va + 0x10, Access.WRITE)).isEmpty();
    }
}
