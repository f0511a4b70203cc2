package com.example.iopf.prefetch;

import org.pf4j.Plugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PF4J entry point of the example plugin {@code prefetch-paging}. Its component type is listed in
 * {@code META-INF/services/org.iopf.api.platform.ComponentType}; this class only logs its lifecycle.
 */
public final class PrefetchPagingPlugin extends Plugin {
    private static final Logger LOG = LoggerFactory.getLogger(PrefetchPagingPlugin.class);

    /** Creates the plugin; PF4J calls this when it loads the plugin. */
    public PrefetchPagingPlugin() {
        super();
    }

    @Override
    public void start() {
        LOG.debug("prefetch-paging plugin started");
    }

    @Override
    public void stop() {
        LOG.debug("prefetch-paging plugin stopped");
    }
}
