package org.iopf.core.plugin;

/**
 * A plugin operation could not be done; the message names the plugin and says why.
 *
 * @since 0.1
 */
public class PluginHostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message that stands on its own. */
    public PluginHostException(String message) {
        super(message);
    }

    /** Creates the exception with a message that stands on its own and its cause. */
    public PluginHostException(String message, Throwable cause) {
        super(message, cause);
    }
}
