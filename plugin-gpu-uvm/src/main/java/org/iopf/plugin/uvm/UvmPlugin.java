package org.iopf.plugin.uvm;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the gpu-uvm plugin: a GPU that raises replayable far faults into a hardware
 * fault buffer, and the UVM driver that services them in batches, as NVIDIA's open GPU kernel
 * modules do ({@code kernel-open/nvidia-uvm}). Its types are contributed as extensions; this class
 * only reports its lifecycle.
 *
 * @since 0.1
 */
public final class UvmPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(UvmPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public UvmPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("gpu-uvm plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("gpu-uvm plugin stopped");
    }
}
