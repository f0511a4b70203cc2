package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What IOCTL_QUERY_NUMA_TOPO hands user space (seed 004 §3.1): each NUMA node's size, free memory
 * and its row of the SLIT distance matrix.
 *
 * @param nodes the nodes in index order
 */
record NumaTopologyReport(List<NodeInfo> nodes) {
    NumaTopologyReport {
        nodes = List.copyOf(nodes);
    }

    /** The SLIT distance from {@code from} to {@code to}. */
    int distance(int from, int to) {
        return nodes.get(from).distances()[to];
    }

    /** Rendered like {@code numactl -H}. */
    List<String> render() {
        List<String> lines = new ArrayList<>();
        lines.add("available: " + nodes.size() + " nodes (0-" + (nodes.size() - 1) + ")");
        for (NodeInfo n : nodes) {
            lines.add(String.format(Locale.ROOT, "node %d size: %d MB free: %d MB", n.node(), n.capacity() >> 20,
                    n.free() >> 20));
        }
        StringBuilder head = new StringBuilder("node distances:\nnode ");
        lines.add("node distances:");
        head.setLength(0);
        head.append("node");
        for (NodeInfo n : nodes) {
            head.append(String.format(Locale.ROOT, " %3d", n.node()));
        }
        lines.add(head.toString());
        for (NodeInfo n : nodes) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%3d:", n.node()));
            for (int d : n.distances()) {
                row.append(String.format(Locale.ROOT, " %3d", d));
            }
            lines.add(row.toString());
        }
        return lines;
    }

    /**
     * One NUMA node.
     *
     * @param node its index
     * @param capacity bytes
     * @param free free bytes
     * @param distances its SLIT row
     */
    record NodeInfo(int node, long capacity, long free, int[] distances) {
        NodeInfo {
            Objects.requireNonNull(distances, "distances is null");
            distances = distances.clone();
        }

        @Override
        public int[] distances() {
            return distances.clone();
        }
    }
}
