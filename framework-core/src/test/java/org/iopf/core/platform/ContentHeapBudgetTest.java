package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.platform.NodeRequirement;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/** Buffers of bytes-mode nodes must fit the simulation's heap; fingerprint nodes keep no bytes. */
final class ContentHeapBudgetTest {
    private static final long GIB = 1L << 30;

    private static NodeDemand demand(String node, ContentMode mode, long resident) {
        NodeSpec spec = new NodeSpec(node, new MemorySpec(SlitNumaTopology.singleNode(64 * GIB), mode,
                MemoryManagerConfig.defaults()), List.of(new CoreGroup("cpu", 1)), List.of());
        return new NodeDemand("workload.params.source", "rdma-write-stream", Optional.of("source"), spec, Optional.empty(),
                NodeRequirement.on("source", "writes from it").memory(resident, resident));
    }

    @Test
    void bytesOnEveryBytesNodeAddUpAgainstThreeQuartersOfTheHeap() {
        List<NodeDemand> demands = List.of(demand("node1", ContentMode.BYTES, 2 * GIB),
                demand("node2", ContentMode.BYTES, 2 * GIB));

        assertThatCode(() -> ContentHeapBudget.check(demands, 6 * GIB)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ContentHeapBudget.check(demands, 5 * GIB))
                .isInstanceOf(InvalidScenarioException.class)
                .hasMessage("workload.params.source: the buffers keep 4 GiB of real bytes in the simulation's heap "
                        + "(content: bytes on node1, node2), more than it can hold (5 GiB of heap); expected memory: "
                        + "{content: fingerprint} on those nodes, which keeps exact contents without their bytes, or "
                        + "more heap (IOPF_OPTS=-Xmx7g)");
    }

    @Test
    void fingerprintNodesKeepNoBytes() {
        List<NodeDemand> demands = List.of(demand("node1", ContentMode.FINGERPRINT, 60 * GIB),
                demand("node2", ContentMode.BYTES, GIB));

        assertThatCode(() -> ContentHeapBudget.check(demands, 2 * GIB)).doesNotThrowAnyException();
    }
}
