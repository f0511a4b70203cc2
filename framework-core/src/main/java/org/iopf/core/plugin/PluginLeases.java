package org.iopf.core.plugin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Which leases hold which plugins. Not thread-safe: the host locks around it. */
final class PluginLeases {
    private final Map<String, List<PluginLease>> byPlugin = new HashMap<>();

    /** Records {@code lease} on each of its plugins. */
    void add(PluginLease lease) {
        for (String id : lease.pluginIds()) {
            byPlugin.computeIfAbsent(id, k -> new ArrayList<>()).add(lease);
        }
    }

    /** Forgets {@code lease}; releasing one twice is harmless. */
    void release(PluginLease lease) {
        for (String id : lease.pluginIds()) {
            List<PluginLease> held = byPlugin.get(id);
            if (held != null) {
                held.removeIf(l -> l == lease);
                if (held.isEmpty()) {
                    byPlugin.remove(id);
                }
            }
        }
    }

    /** Whether a lease holds plugin {@code id}. */
    boolean isLeased(String id) {
        return byPlugin.containsKey(id);
    }

    /** Who holds plugin {@code id}, each once, in the order they took it. */
    List<String> holders(String id) {
        List<PluginLease> held = byPlugin.get(id);
        return held == null ? List.of() : held.stream().map(PluginLease::holder).distinct().toList();
    }

    /** Refuses with {@link PluginInUseException} if a lease holds plugin {@code id}. */
    void refuseIfLeased(String id) {
        List<String> holders = holders(id);
        if (!holders.isEmpty()) {
            throw new PluginInUseException(id, holders);
        }
    }

    /** Forgets every lease. */
    void clear() {
        byPlugin.clear();
    }
}
