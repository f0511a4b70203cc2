package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

/**
 * exanest-faults maps a page as writable as the process's page-table entry: after fork, a read
 * fault on a page shared copy-on-write maps it read-only, so a device write cannot reach the frame
 * the child shares (it was mapped writable, as its VMA is, and the write hit the shared frame).
 */
final class ExanestCopyOnWriteTest {
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);

    @Test
    void aReadFaultOnACopyOnWritePageMapsItReadOnlySoADeviceWriteNeverReachesTheSharedFrame() {
        SmmuNode n = new SmmuNode(Map.of(), "exanest-faults", Map.of());
        AddressSpace space = n.mm.createAddressSpace("app");
        long va = n.mm.mmap(space, 4 * 4096, MapOptions.DEFAULT);
        n.mm.write(space, va, new byte[] {42}, 0, 1);
        long shared = n.mm.translate(space, va, Access.READ).orElse(-1);
        AddressSpace child = n.mm.requireCopyOnWriteFork().fork(space, "child");
        n.smmu.attach(STREAM, DOMAIN, space);
        List<FaultResolution> heard = new ArrayList<>();

        assertThat(n.smmu.translate(STREAM, va, Access.READ, (f, r) -> heard.add(r)).isFault()).isTrue();
        n.sim.kernel().run();
        assertThat(heard).containsExactly(FaultResolution.RETRY);
        assertThat(n.smmu.translate(STREAM, va + 8, Access.READ, n.listener).address().getAsLong()).isEqualTo(shared + 8);

        Translation write = n.smmu.translate(STREAM, va + 8, Access.WRITE, (f, r) -> heard.add(r));
        n.sim.kernel().run();

        assertThat(write.isFault()).as("a device write to the page the process shares with its child").isTrue();
        assertThat(write.record().orElseThrow().kind()).isEqualTo(FaultKind.PERMISSION);
        assertThat(heard).containsExactly(FaultResolution.RETRY, FaultResolution.TERMINATE);
        assertThat(n.mm.translate(child, va, Access.READ)).hasValue(shared);
    }
}
