package org.iopf.core.plugin;

import java.util.Objects;

/**
 * A plugin's {@code Plugin-Requires} does not admit this iopf API version:
 * {@code plugin 'acme' 2.0.0 requires iopf API >=0.3.0 but this is iopf API 0.2.0}.
 *
 * @since 0.1
 */
public final class PluginVersionMismatchException extends PluginHostException {
    private static final long serialVersionUID = 1L;

    private final String pluginId;
    private final String requires;
    private final String apiVersion;

    /**
     * Creates the exception.
     *
     * @param pluginId the plugin
     * @param pluginVersion the plugin's own version
     * @param requires its constraint on the API version
     * @param apiVersion the API version of this host
     */
    public PluginVersionMismatchException(String pluginId, String pluginVersion, String requires, String apiVersion) {
        super("plugin '" + pluginId + "' " + pluginVersion + " requires iopf API " + requires
                + " but this is iopf API " + apiVersion);
        this.pluginId = Objects.requireNonNull(pluginId, "pluginId is null");
        this.requires = Objects.requireNonNull(requires, "requires is null");
        this.apiVersion = Objects.requireNonNull(apiVersion, "apiVersion is null");
    }

    /** The plugin refused. */
    public String pluginId() {
        return pluginId;
    }

    /** Its constraint on the API version. */
    public String requires() {
        return requires;
    }

    /** The host's API version. */
    public String apiVersion() {
        return apiVersion;
    }
}
