package org.iopf.plugin.infinibandnpf;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the infiniband-npf plugin: InfiniBand HCA with network page faults, RC transport and RNR.
 *
 * <p>The plugin follows seed 001 §2. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class InfinibandNpfPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(InfinibandNpfPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public InfinibandNpfPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("infiniband-npf plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("infiniband-npf plugin stopped");
    }
}
