package org.iopf.plugin.zynqsmmu;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the zynq-smmu plugin: ARM SMMU (MMU-500) of Zynq UltraScale+ and the ExaNeSt fault path.
 *
 * <p>The plugin follows seed 000 §2.2, §3, §4.2, §5. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class ZynqSmmuPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(ZynqSmmuPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public ZynqSmmuPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("zynq-smmu plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("zynq-smmu plugin stopped");
    }
}
