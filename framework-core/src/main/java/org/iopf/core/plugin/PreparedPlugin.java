package org.iopf.core.plugin;

import java.nio.file.Path;
import org.pf4j.PluginDescriptor;

/**
 * A plugin file whose descriptor was read and checked, ready to load.
 *
 * @param source the zip, jar or folder in (or given to) the plugins folder
 * @param loadable what PF4J loads: the zip's extraction in the cache, or {@code source} itself
 * @param descriptor its descriptor
 * @param stock whether it is one of the distribution's own plugins
 */
record PreparedPlugin(Path source, Path loadable, PluginDescriptor descriptor, boolean stock) {
    String id() {
        return descriptor.getPluginId();
    }

    String version() {
        return descriptor.getVersion();
    }
}
