package org.iopf.core.platform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.platform.Units;

/**
 * Refuses, before the first event, a run whose buffers would keep more real bytes in the
 * simulation's heap than it can hold: on a node with {@code content: bytes} every resident byte of
 * a buffer is a byte of the JVM's heap, so a workload of 4 x 1000 MiB messages on each side needs
 * 8 GB of it. Past {@link #HEAP_SHARE} of the heap the run would end in an out-of-memory error after
 * minutes; it is refused at once, with the nodes to switch to {@code content: fingerprint} (exact
 * contents in a few bytes a page) or the heap to give ({@code IOPF_OPTS=-Xmx...}). Fingerprint
 * nodes keep no bytes and are not counted.
 */
final class ContentHeapBudget {
    /** The share of the heap that buffers' bytes may take (an assumption: the rest is the model's own state). */
    static final double HEAP_SHARE = 0.75;

    private ContentHeapBudget() {
    }

    /**
     * @param heapBytes the most heap this JVM may use ({@link Runtime#maxMemory()})
     * @throws InvalidScenarioException at the path of the first demand on a bytes node when the
     *     bytes kept on all such nodes exceed {@link #HEAP_SHARE} of {@code heapBytes}
     */
    static void check(List<NodeDemand> demands, long heapBytes) {
        long bytes = 0;
        Set<String> nodes = new LinkedHashSet<>();
        List<NodeDemand> counted = new ArrayList<>();
        for (NodeDemand demand : demands) {
            if (demand.node().memory().contentMode() == ContentMode.BYTES && demand.requirement().residentBytes() > 0) {
                bytes = MemoryBudget.saturatingAdd(bytes, demand.requirement().residentBytes());
                nodes.add(demand.node().name());
                counted.add(demand);
            }
        }
        if (counted.isEmpty() || bytes <= HEAP_SHARE * heapBytes) {
            return;
        }
        throw new InvalidScenarioException(counted.get(0).path(), "the buffers keep " + Units.formatBytes(bytes)
                + " of real bytes in the simulation's heap (content: bytes on " + String.join(", ", nodes)
                + "), more than it can hold (" + Units.formatBytes(heapBytes) + " of heap); expected memory: {content: "
                + "fingerprint} on those nodes, which keeps exact contents without their bytes, or more heap "
                + "(IOPF_OPTS=-Xmx" + Math.max(1, (long) Math.ceil(bytes / HEAP_SHARE / (1L << 30)) + 1) + "g)");
    }
}
