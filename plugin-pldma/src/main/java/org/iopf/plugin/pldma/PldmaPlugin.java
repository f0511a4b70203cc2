package org.iopf.plugin.pldma;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the pldma plugin: FORTH PLDMA engine and the Cortex-R5 transfer scheduler.
 *
 * <p>The plugin follows seed 000 §2.3, §4. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class PldmaPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(PldmaPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public PldmaPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("pldma plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("pldma plugin stopped");
    }
}
