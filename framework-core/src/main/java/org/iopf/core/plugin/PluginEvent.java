package org.iopf.core.plugin;

import java.util.Objects;

/**
 * What a scan of the plugins folder did to one plugin (see {@link PluginWatcher}).
 *
 * @param kind what happened
 * @param pluginId the plugin's id (the file name without extension if its descriptor was unreadable)
 * @param message a sentence for a person
 * @since 0.1
 */
public record PluginEvent(Kind kind, String pluginId, String message) {
    /** What happened to the plugin. */
    public enum Kind {
        /** Loaded (and started, unless disabled) from a file that appeared or changed. */
        LOADED,
        /** Unloaded because its file was deleted. */
        UNLOADED,
        /** A load, start or unload did not happen; the message says why. */
        FAILED
    }

    /** Checks arguments. */
    public PluginEvent {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(pluginId, "pluginId is null");
        Objects.requireNonNull(message, "message is null");
    }
}
