package ${package};

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the example plugin {@code ${pluginId}}. Its component type is listed in
 * {@code META-INF/services/org.iopf.api.platform.ComponentType}; this class only logs its lifecycle.
 */
public final class ${className}Plugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(${className}Plugin.class);

    /** Creates the plugin; PF4J calls this when it loads the plugin. */
    public ${className}Plugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("${pluginId} plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("${pluginId} plugin stopped");
    }
}
