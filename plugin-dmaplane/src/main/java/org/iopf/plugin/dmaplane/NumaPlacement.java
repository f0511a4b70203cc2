package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.NumaTopology;
import org.iopf.api.mem.PhysicalMemory;

/**
 * Chooses the NUMA node of a whole data buffer (seed 004 §3.3, E4): strictly the preferred node
 * first ({@code alloc_pages_node} whose pages are given back if they land elsewhere); with
 * {@link NumaPolicy#NEAREST} or {@link NumaPolicy#ANY}, then the other nodes by increasing SLIT
 * distance; with {@link NumaPolicy#ANY}, finally any node (the pages may then be spread).
 */
final class NumaPlacement {
    private final PhysicalMemory memory;

    NumaPlacement(PhysicalMemory memory) {
        this.memory = Objects.requireNonNull(memory, "memory is null");
    }

    /** The nodes tried for {@code preferred} under {@code policy}, in order. */
    List<Integer> candidates(int preferred, NumaPolicy policy) {
        NumaTopology topology = memory.topology();
        if (preferred >= topology.nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + preferred + "; the node has " + topology.nodeCount());
        }
        return switch (policy) {
            case STRICT_LOCAL -> List.of(preferred);
            case NEAREST, ANY -> topology.fallbackOrder(preferred);
        };
    }

    /**
     * The first candidate node with room for {@code bytes}, or empty: then only
     * {@link NumaPolicy#ANY} may spread the buffer over several nodes.
     */
    OptionalInt choose(int preferred, NumaPolicy policy, long bytes) {
        for (int node : candidates(preferred, policy)) {
            if (memory.freeBytes(node) >= bytes) {
                return OptionalInt.of(node);
            }
        }
        return OptionalInt.empty();
    }

    /** The topology as the IOCTL_QUERY_NUMA_TOPO analogue returns it. */
    NumaTopologyReport query() {
        NumaTopology t = memory.topology();
        List<NumaTopologyReport.NodeInfo> nodes = new ArrayList<>();
        for (int i = 0; i < t.nodeCount(); i++) {
            int[] row = new int[t.nodeCount()];
            for (int j = 0; j < row.length; j++) {
                row[j] = t.distance(i, j);
            }
            nodes.add(new NumaTopologyReport.NodeInfo(i, t.capacity(i), memory.freeBytes(i), row));
        }
        return new NumaTopologyReport(nodes);
    }
}
