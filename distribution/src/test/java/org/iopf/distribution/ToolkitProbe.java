package org.iopf.distribution;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.iopf.api.ApiVersion;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.plugin.DefaultPluginHost;
import org.iopf.core.plugin.PluginCache;

/**
 * Runs inside a class loader made of the distribution's {@code lib/} (the host as shipped, without
 * the stock plugins on its class path): loads the plugins of a folder and, for each plugin, loads
 * a toolkit class through the plugin's class loader.
 */
public final class ToolkitProbe {
    private ToolkitProbe() {
    }

    /**
     * For each started plugin, the class of one of its component or workload types and the toolkit
     * class {@code toolkitClass} as that type's class loader loads it.
     */
    public static Map<String, Class<?>[]> probe(Path plugins, Path cache, String toolkitClass) throws Exception {
        Map<String, Class<?>[]> found = new TreeMap<>();
        try (DefaultPluginHost host = new DefaultPluginHost(plugins, new PluginCache(cache), ApiVersion.CURRENT)) {
            host.loadAndStartAll();
            ExtensionRegistry registry = host.registry();
            for (ExtensionRegistry.Registered r : registry.all()) {
                if (r.pluginId().isPresent() && !found.containsKey(r.pluginId().get())) {
                    Class<?> type = r.type().getClass();
                    found.put(r.pluginId().get(), new Class<?>[] {type, type.getClassLoader().loadClass(toolkitClass)});
                }
            }
            for (ExtensionRegistry.RegisteredWorkload r : registry.workloads()) {
                if (r.pluginId().isPresent() && !found.containsKey(r.pluginId().get())) {
                    Class<?> type = r.type().getClass();
                    found.put(r.pluginId().get(), new Class<?>[] {type, type.getClassLoader().loadClass(toolkitClass)});
                }
            }
        }
        return found;
    }
}
