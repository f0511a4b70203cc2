package org.iopf.core.plugin;

import java.util.List;
import java.util.Objects;

/**
 * A plugin could not be stopped, unloaded, reloaded or disabled because a {@link PluginLease}
 * holds it: {@code plugin 'test-iommu' is in use by run of examples/x.yaml; stop that run first}.
 *
 * @since 0.1
 */
public final class PluginInUseException extends PluginHostException {
    private static final long serialVersionUID = 1L;

    private final String pluginId;
    private final List<String> holders;

    /**
     * Creates the exception.
     *
     * @param pluginId the plugin, not null
     * @param holders who holds it, at least one
     */
    public PluginInUseException(String pluginId, List<String> holders) {
        super("plugin '" + Objects.requireNonNull(pluginId, "pluginId is null") + "' is in use by "
                + String.join(", ", holders) + (holders.size() == 1 ? "; stop that run first" : "; stop those runs first"));
        this.pluginId = pluginId;
        this.holders = List.copyOf(holders);
    }

    /** The plugin in use. */
    public String pluginId() {
        return pluginId;
    }

    /** Who holds it. */
    public List<String> holders() {
        return holders;
    }
}
