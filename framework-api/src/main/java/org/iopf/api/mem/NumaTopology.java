package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The NUMA layout of a node: memory per NUMA node and the SLIT distance matrix (10 = local).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface NumaTopology {
    /** Number of NUMA nodes, {@code >= 1}. */
    int nodeCount();

    /** Bytes of memory on NUMA node {@code numaNode}. */
    long capacity(int numaNode);

    /** The SLIT distance from {@code from} to {@code to}; 10 on the diagonal. */
    int distance(int from, int to);

    /**
     * NUMA nodes ordered for allocation on behalf of {@code numaNode}: itself first, then the
     * others by increasing distance, ties by index.
     */
    List<Integer> fallbackOrder(int numaNode);
}
