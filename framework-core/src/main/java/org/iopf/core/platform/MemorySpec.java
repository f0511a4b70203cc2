package org.iopf.core.platform;

import java.util.Objects;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.NumaTopology;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;

/**
 * A node's memory: its NUMA layout, how contents are stored, and the OS memory manager's settings,
 * within {@link PlatformLimits}.
 *
 * @param topology NUMA nodes, capacities and SLIT distances
 * @param contentMode bytes or exact fingerprints
 * @param manager the memory manager's settings (fault costs, watermarks, pinnable limit, swap, THP)
 */
public record MemorySpec(NumaTopology topology, ContentMode contentMode, MemoryManagerConfig manager) {
    /** Checks arguments. */
    public MemorySpec {
        Objects.requireNonNull(topology, "topology is null");
        Objects.requireNonNull(contentMode, "contentMode is null");
        Objects.requireNonNull(manager, "manager is null");
        if (topology.nodeCount() > PlatformLimits.MAX_NUMA_NODES) {
            throw new IllegalArgumentException(topology.nodeCount() + " NUMA nodes; a node has at most "
                    + PlatformLimits.MAX_NUMA_NODES);
        }
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.capacity(i) > PlatformLimits.maxNumaNodeBytes()) {
                throw new IllegalArgumentException("NUMA node " + i + " has " + topology.capacity(i)
                        + " B; a NUMA node has at most " + PlatformLimits.MAX_NUMA_NODE_SIZE);
            }
        }
        PlatformLimits.requireLatency("minorFault", manager.minorFaultNanos());
        PlatformLimits.requireLatency("hugePageFault", manager.hugePageFaultNanos());
        PlatformLimits.requireLatency("swapIn", manager.swapInNanos());
        PlatformLimits.requireLatency("cowFault", manager.cowFaultNanos());
        PlatformLimits.requireLatency("hugeCowFault", manager.hugeCowFaultNanos());
    }

    /** One NUMA node of {@code bytes}, byte contents, default memory manager. */
    public static MemorySpec of(long bytes) {
        return new MemorySpec(SlitNumaTopology.singleNode(bytes), ContentMode.BYTES, MemoryManagerConfig.defaults());
    }

    /** This spec with another memory-manager configuration. */
    public MemorySpec withManager(MemoryManagerConfig config) {
        return new MemorySpec(topology, contentMode, config);
    }
}
