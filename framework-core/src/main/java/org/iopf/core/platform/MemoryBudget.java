package org.iopf.core.platform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.mem.NumaTopology;
import org.iopf.api.platform.Units;
import org.iopf.core.mem.MemoryManagerConfig;

/**
 * Adds up, node by node, the memory that {@link NodeDemand}s say their buffers keep resident and
 * pinned, and refuses a node that cannot hold it: pinned bytes beyond its memory or its memory
 * manager's pinnable limit, resident bytes on a node without memory, beyond its memory and swap, or
 * beyond its memory by more than the simulation holds ({@link PlatformLimits#MAX_SWAPPED_OUT}).
 * The message names the node,
 * the bytes, who needs them, and what the node has, in units ({@code 4 MiB}, {@code unlimited}).
 */
final class MemoryBudget {
    private MemoryBudget() {
    }

    /** @throws InvalidScenarioException at the path of the first demand on a node that cannot hold its demands */
    static void check(List<NodeDemand> demands) {
        Map<String, List<NodeDemand>> byNode = new LinkedHashMap<>();
        for (NodeDemand demand : demands) {
            if (demand.requirement().residentBytes() > 0) {
                byNode.computeIfAbsent(demand.node().name(), n -> new ArrayList<>()).add(demand);
            }
        }
        byNode.values().forEach(MemoryBudget::checkNode);
    }

    private static void checkNode(List<NodeDemand> demands) {
        NodeSpec node = demands.get(0).node();
        long resident = 0;
        long pinned = 0;
        for (NodeDemand demand : demands) {
            resident = saturatingAdd(resident, demand.requirement().residentBytes());
            pinned = saturatingAdd(pinned, demand.requirement().pinnedBytes());
        }
        long memory = totalCapacity(node.memory().topology());
        MemoryManagerConfig manager = node.memory().manager();
        String path = demands.get(0).path();
        if (pinned > Math.min(memory, manager.pinnableLimitBytes())) {
            throw new InvalidScenarioException(path, "node '" + node.name() + "' cannot pin the "
                    + Units.formatBytes(pinned) + " that " + whoNeeds(demands) + verb(demands, " pins", " pin")
                    + " there: it has " + Units.formatBytes(memory) + " of memory, pinnable limit "
                    + Units.formatBytes(manager.pinnableLimitBytes()));
        }
        if (memory == 0) {
            throw new InvalidScenarioException(path, "node '" + node.name() + "' has no memory (memory: {numa: [0B]})"
                    + " but " + whoNeeds(demands) + verb(demands, " keeps ", " keep ") + Units.formatBytes(resident)
                    + " resident there");
        }
        if (resident > saturatingAdd(memory, manager.swapBytes())) {
            throw new InvalidScenarioException(path, "node '" + node.name() + "' cannot hold the "
                    + Units.formatBytes(resident) + " that " + whoNeeds(demands) + verb(demands, " keeps", " keep")
                    + " resident there: it has " + Units.formatBytes(memory) + " of memory and "
                    + Units.formatBytes(manager.swapBytes()) + " of swap");
        }
        if (resident - memory > PlatformLimits.maxSwappedOutBytes()) {
            throw new InvalidScenarioException(path, "node '" + node.name() + "' would swap out "
                    + Units.formatBytes(resident - memory) + " of the " + Units.formatBytes(resident) + " that "
                    + whoNeeds(demands) + verb(demands, " keeps", " keep") + " resident there (it has "
                    + Units.formatBytes(memory) + " of memory); iopf simulates at most "
                    + Units.formatBytes(PlatformLimits.maxSwappedOutBytes())
                    + " of swapped-out memory per node");
        }
    }

    /** {@code singular} when one declarer needs the memory, else {@code plural}. */
    private static String verb(List<NodeDemand> demands, String singular, String plural) {
        return demands.stream().map(NodeDemand::who).distinct().count() > 1 ? plural : singular;
    }

    /** {@code rdma-write-stream (source, target) and eth-nic 'nic0'}. */
    private static String whoNeeds(List<NodeDemand> demands) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (NodeDemand demand : demands) {
            List<String> list = parameters.computeIfAbsent(demand.who(), w -> new ArrayList<>());
            demand.parameter().filter(p -> !list.contains(p)).ifPresent(list::add);
        }
        List<String> parts = new ArrayList<>();
        parameters.forEach((who, params) -> parts.add(params.isEmpty() ? who : who + " (" + String.join(", ", params)
                + ")"));
        return String.join(" and ", parts);
    }

    private static long totalCapacity(NumaTopology topology) {
        long total = 0;
        for (int i = 0; i < topology.nodeCount(); i++) {
            total = saturatingAdd(total, topology.capacity(i));
        }
        return total;
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} when it overflows. */
    static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
