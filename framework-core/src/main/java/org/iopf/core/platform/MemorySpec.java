package org.iopf.core.platform;

import java.util.Objects;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.NumaTopology;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;

/**
 * A node's memory: its NUMA layout, how contents are stored, and the OS memory manager's settings.
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
