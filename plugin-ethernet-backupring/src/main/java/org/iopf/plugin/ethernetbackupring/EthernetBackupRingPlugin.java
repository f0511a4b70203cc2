package org.iopf.plugin.ethernetbackupring;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the ethernet-backupring plugin: Ethernet NIC with unpinned rx rings and the backup ring.
 *
 * <p>The plugin follows seed 001 §3, §4. Its component types are contributed as extensions of
 * {@link org.iopf.api.platform.ComponentType}; this class only reports its lifecycle.
 *
 * @since 0.1
 */
public final class EthernetBackupRingPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(EthernetBackupRingPlugin.class);

    /** Creates the plugin; PF4J calls this when the plugin is loaded. */
    public EthernetBackupRingPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("ethernet-backupring plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("ethernet-backupring plugin stopped");
    }
}
