package org.iopf.core.plugin;

/**
 * Where a plugin stands in the host.
 *
 * @since 0.1
 */
public enum PluginStatus {
    /** Loaded, its class loader exists, not started; its types are not published. */
    RESOLVED,
    /** Started; its component and workload types are in {@link PluginHost#registry()}. */
    STARTED,
    /** Stopped by hand; still loaded, its types are not published. */
    STOPPED,
    /** Disabled in {@code disabled.txt} (or left out of {@code enabled.txt}); not loaded. */
    DISABLED,
    /** Could not be loaded or started; {@link PluginInfo#failure()} says why. Not loaded. */
    FAILED,
    /**
     * Not loaded because another file has the same plugin id and was preferred (the stock plugin,
     * else the newest version); {@link PluginInfo#failure()} names it.
     */
    IGNORED
}
