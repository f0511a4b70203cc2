package org.iopf.plugin.dmaplane;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the dmaplane plugin: dmaplane buffer orchestration, NUMA placement and credit flow control.
 *
 * <p>The plugin follows seed 004. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class DmaplanePlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(DmaplanePlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public DmaplanePlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("dmaplane plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("dmaplane plugin stopped");
    }
}
