package org.iopf.core.run;

import java.util.List;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.sim.CoreGroup;

/**
 * Platforms built in code, for the default scenario and for tests, until platform files arrive.
 */
public final class DefaultPlatforms {
    private DefaultPlatforms() {
    }

    /**
     * The pinned baseline on two nodes ({@code node1}, {@code node2}): 16 GiB each, four cores,
     * every role filled by a reference component, joined by 100 Gbps links (500 ns each way) and a
     * switch with 300 ns forwarding latency.
     */
    public static PlatformSpec pinnedBaseline(long seed) {
        return new PlatformSpec(seed, LinkSpec.lossless(DataRate.gbps(100), Time.nanos(500)), Time.nanos(300),
                List.of(pinnedNode("node1"), pinnedNode("node2")));
    }

    /** One node of the pinned baseline. */
    public static NodeSpec pinnedNode(String name) {
        return new NodeSpec(name, MemorySpec.of(16L << 30), List.of(new CoreGroup("cpu", 4)), List.of(
                ComponentSpec.of("iommu", "premapped-iommu"),
                ComponentSpec.of("dma", "plain-dma"),
                ComponentSpec.of("nic0", "pinned-rc-nic"),
                ComponentSpec.of("faults", "terminate"),
                ComponentSpec.of("buffers", "pinned-buffers")));
    }
}
