package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaPolicy;
import org.junit.jupiter.api.Test;

/** E4: strict local first, then the nearest node by SLIT distance, then any node. */
final class NumaPlacementTest {
    private static final long MIB = 1 << 20;
    private final TestPlatform platform = TestPlatform.oneNode(
            "{numa: [64MiB, 64MiB, 64MiB, 64MiB], distances: [[10, 30, 12, 21], [30, 10, 21, 12], [12, 21, 10, 30], "
                    + "[21, 12, 30, 10]]}", "{}");
    private final Dmaplane dmaplane = platform.device("node1");
    private final AddressSpace process = platform.process("node1", "app");

    private AllocationResult allocate(long bytes, int node, NumaPolicy policy) {
        return dmaplane.allocate(process, new BufferSpec(bytes, AllocationMode.PAGES, node, policy, false));
    }

    @Test
    void fallsBackToTheNearestNodeThenTheNextThenAny() {
        assertThat(allocate(40 * MIB, 0, NumaPolicy.STRICT_LOCAL).requireBuffer().numaNode()).hasValue(0);
        // node 0 has 24 MiB left: a 32 MiB buffer goes to node 2 (distance 12), not node 3 (21) or 1 (30)
        assertThat(allocate(32 * MIB, 0, NumaPolicy.NEAREST).requireBuffer().numaNode()).hasValue(2);
        assertThat(allocate(40 * MIB, 0, NumaPolicy.NEAREST).requireBuffer().numaNode()).hasValue(3);
        assertThat(allocate(30 * MIB, 0, NumaPolicy.STRICT_LOCAL)).isInstanceOf(AllocationResult.Refused.class);
        assertThat(allocate(40 * MIB, 0, NumaPolicy.NEAREST).requireBuffer().numaNode()).hasValue(1);
        // no single node has 40 MiB now: NEAREST refuses, ANY spreads the pages
        assertThat(allocate(40 * MIB, 0, NumaPolicy.NEAREST)).isInstanceOf(AllocationResult.Refused.class);
        assertThat(allocate(40 * MIB, 0, NumaPolicy.ANY)).isInstanceOf(AllocationResult.Allocated.class);
        assertThat(dmaplane.bufferManager().placement().candidates(0, NumaPolicy.NEAREST)).containsExactly(0, 2, 3, 1);
    }

    @Test
    void theTopologyQueryShowsSizesFreeMemoryAndDistances() {
        allocate(8 * MIB, 1, NumaPolicy.STRICT_LOCAL).requireBuffer();
        NumaTopologyReport topo = dmaplane.bufferManager().placement().query();
        assertThat(topo.nodes()).hasSize(4);
        assertThat(topo.distance(0, 2)).isEqualTo(12);
        assertThat(topo.nodes().get(1).free()).isEqualTo(56 * MIB);
        assertThat(dmaplane.render("numa")).contains("available: 4 nodes (0-3)", "  0:  10  30  12  21");
    }
}
