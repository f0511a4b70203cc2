package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.iopf.api.mem.NumaTopology;

/**
 * A NUMA layout given by per-node capacities and an ACPI SLIT distance matrix (10 = local).
 *
 * <p>The matrix must be square with one row per node, 10 on the diagonal and positive entries.
 * {@link #fallbackOrder} lists the node itself first, then the others by increasing distance, ties
 * broken by node index. Immutable.
 *
 * @since 0.1
 */
public final class SlitNumaTopology implements NumaTopology {
    /** The SLIT distance of a node to itself. */
    public static final int LOCAL_DISTANCE = 10;

    private final long[] capacities;
    private final int[][] distances;
    private final List<List<Integer>> fallbackOrders;

    /**
     * Creates a topology.
     *
     * @param capacities bytes of memory per NUMA node, each {@code >= 0}; at least one node
     * @param distances the SLIT matrix, {@code distances[from][to]}, square, 10 on the diagonal,
     *     every entry {@code > 0}
     */
    public SlitNumaTopology(List<Long> capacities, int[][] distances) {
        requireNonNull(capacities, "capacities is null");
        requireNonNull(distances, "distances is null");
        int n = capacities.size();
        if (n == 0) {
            throw new IllegalArgumentException("at least one NUMA node is required");
        }
        this.capacities = new long[n];
        for (int i = 0; i < n; i++) {
            long c = requireNonNull(capacities.get(i), "capacity is null");
            if (c < 0) {
                throw new IllegalArgumentException("capacity of node " + i + " must be >= 0: " + c);
            }
            this.capacities[i] = c;
        }
        if (distances.length != n) {
            throw new IllegalArgumentException("SLIT has " + distances.length + " rows for " + n + " nodes");
        }
        this.distances = new int[n][];
        for (int i = 0; i < n; i++) {
            int[] row = requireNonNull(distances[i], "SLIT row is null");
            if (row.length != n) {
                throw new IllegalArgumentException("SLIT row " + i + " has " + row.length + " entries, expected " + n);
            }
            for (int j = 0; j < n; j++) {
                if (row[j] <= 0) {
                    throw new IllegalArgumentException("SLIT[" + i + "][" + j + "] must be > 0: " + row[j]);
                }
            }
            if (row[i] != LOCAL_DISTANCE) {
                throw new IllegalArgumentException("SLIT[" + i + "][" + i + "] must be " + LOCAL_DISTANCE + ": " + row[i]);
            }
            this.distances[i] = row.clone();
        }
        List<List<Integer>> orders = new ArrayList<>(n);
        for (int from = 0; from < n; from++) {
            orders.add(order(from));
        }
        this.fallbackOrders = List.copyOf(orders);
    }

    /**
     * A layout of {@code nodes} equal nodes where every remote distance is {@code remoteDistance},
     * for example {@code uniform(4, 64 GiB, 16)} for the seed's 4 nodes, 10 local / 16 remote.
     *
     * @param nodes number of NUMA nodes, {@code >= 1}
     * @param capacityPerNode bytes per node, {@code >= 0}
     * @param remoteDistance SLIT distance between distinct nodes, {@code > 0}
     */
    public static SlitNumaTopology uniform(int nodes, long capacityPerNode, int remoteDistance) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1: " + nodes);
        }
        List<Long> caps = new ArrayList<>(nodes);
        int[][] slit = new int[nodes][nodes];
        for (int i = 0; i < nodes; i++) {
            caps.add(capacityPerNode);
            for (int j = 0; j < nodes; j++) {
                slit[i][j] = i == j ? LOCAL_DISTANCE : remoteDistance;
            }
        }
        return new SlitNumaTopology(caps, slit);
    }

    /** A single NUMA node of {@code capacity} bytes. */
    public static SlitNumaTopology singleNode(long capacity) {
        return uniform(1, capacity, LOCAL_DISTANCE);
    }

    private List<Integer> order(int from) {
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < capacities.length; i++) {
            if (i != from) {
                others.add(i);
            }
        }
        others.sort(Comparator.<Integer>comparingInt(to -> distances[from][to]).thenComparingInt(to -> to));
        List<Integer> result = new ArrayList<>(capacities.length);
        result.add(from);
        result.addAll(others);
        return List.copyOf(result);
    }

    @Override
    public int nodeCount() {
        return capacities.length;
    }

    @Override
    public long capacity(int numaNode) {
        return capacities[checkNode(numaNode)];
    }

    @Override
    public int distance(int from, int to) {
        return distances[checkNode(from)][checkNode(to)];
    }

    @Override
    public List<Integer> fallbackOrder(int numaNode) {
        return fallbackOrders.get(checkNode(numaNode));
    }

    /** Total bytes over all nodes. */
    public long totalCapacity() {
        long total = 0;
        for (long c : capacities) {
            total = Math.addExact(total, c);
        }
        return total;
    }

    private int checkNode(int numaNode) {
        if (numaNode < 0 || numaNode >= capacities.length) {
            throw new IllegalArgumentException("no NUMA node " + numaNode + " (nodes: " + capacities.length + ")");
        }
        return numaNode;
    }

    @Override
    public String toString() {
        return "SlitNumaTopology[nodes=" + capacities.length + "]";
    }
}
