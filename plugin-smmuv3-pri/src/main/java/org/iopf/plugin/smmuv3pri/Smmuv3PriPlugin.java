package org.iopf.plugin.smmuv3pri;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the smmuv3-pri plugin: Arm SMMUv3 with PCIe ATS/PRI endpoints and Linux's
 * I/O page-fault path. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class Smmuv3PriPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(Smmuv3PriPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public Smmuv3PriPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("smmuv3-pri plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("smmuv3-pri plugin stopped");
    }
}
