package org.iopf.core.plugin;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.iopf.core.platform.NearestName;

/**
 * No plugin has the id asked for: {@code unknown plugin 'tset-iommu'; known plugins are
 * [test-iommu] (did you mean 'test-iommu'?)}.
 *
 * @since 0.1
 */
public final class UnknownPluginException extends PluginHostException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param pluginId the id asked for
     * @param known the ids the host knows
     */
    public UnknownPluginException(String pluginId, Collection<String> known) {
        super("unknown plugin '" + Objects.requireNonNull(pluginId, "pluginId is null") + "'; known plugins are "
                + List.copyOf(known) + NearestName.hint(pluginId, known));
    }
}
