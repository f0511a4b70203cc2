package org.iopf.plugin.hmm;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the hmm plugin: HMM device-private memory, migration and CPU fault-back.
 *
 * <p>The plugin follows seed 003. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class HmmPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(HmmPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public HmmPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("hmm plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("hmm plugin stopped");
    }
}
