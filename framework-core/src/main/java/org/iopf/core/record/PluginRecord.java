package org.iopf.core.record;

import java.util.Objects;
import java.util.Optional;

/**
 * A plugin a run used, as its record names it.
 *
 * @param id the plugin id
 * @param version its version
 * @param sha256 the SHA-256 of its zip or jar in lower-case hex; empty for a folder or types
 *     found on the class path
 * @param file the file or folder it was loaded from
 * @since 0.1
 */
public record PluginRecord(String id, String version, Optional<String> sha256, String file) {
    /** Checks arguments. */
    public PluginRecord {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(version, "version is null");
        Objects.requireNonNull(sha256, "sha256 is null");
        Objects.requireNonNull(file, "file is null");
    }
}
