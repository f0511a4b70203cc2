package org.iopf.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the host knows about one plugin, as a value (it holds no plugin class).
 *
 * @param id the plugin id ({@code plugin.id}); for a file whose descriptor could not be read, the
 *     file name without its extension
 * @param version the plugin's version; {@code "?"} if unknown
 * @param requires its {@code Plugin-Requires} constraint on the iopf API version
 * @param description its one-line description; may be empty
 * @param path the zip, jar or folder it was loaded from
 * @param status where it stands
 * @param componentTypes the names of the component types it contributes (known once started)
 * @param workloadTypes the names of the workload types it contributes (known once started)
 * @param failure why it failed, when {@code status} is {@link PluginStatus#FAILED}
 * @param inUseBy who holds a {@link PluginLease} on it (for example {@code run of x.yaml})
 * @since 0.1
 */
public record PluginInfo(String id, String version, String requires, String description, Path path,
        PluginStatus status, List<String> componentTypes, List<String> workloadTypes, Optional<String> failure,
        List<String> inUseBy) {
    /** Checks arguments and copies the lists. */
    public PluginInfo {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(version, "version is null");
        Objects.requireNonNull(requires, "requires is null");
        Objects.requireNonNull(description, "description is null");
        Objects.requireNonNull(path, "path is null");
        Objects.requireNonNull(status, "status is null");
        componentTypes = List.copyOf(componentTypes);
        workloadTypes = List.copyOf(workloadTypes);
        Objects.requireNonNull(failure, "failure is null");
        inUseBy = List.copyOf(inUseBy);
    }

    /** Whether a {@link PluginLease} holds it. */
    public boolean inUse() {
        return !inUseBy.isEmpty();
    }
}
