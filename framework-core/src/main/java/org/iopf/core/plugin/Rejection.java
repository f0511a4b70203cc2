package org.iopf.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Why the host did not load a file of the plugins folder that it keeps no entry for: the file is no
 * plugin it can load ({@link PluginStatus#FAILED}), or another file's plugin of the same id was
 * preferred ({@link PluginStatus#IGNORED}).
 */
record Rejection(PluginStatus status, Optional<String> id, String version, String reason) {
    static Rejection failed(String reason) {
        return new Rejection(PluginStatus.FAILED, Optional.empty(), "?", reason);
    }

    static Rejection ignored(PreparedPlugin plugin, String reason) {
        return new Rejection(PluginStatus.IGNORED, Optional.of(plugin.id()), plugin.version(), reason);
    }

    PluginInfo info(Path path) {
        return new PluginInfo(id.orElse(PluginFiles.baseName(path)), version, "?", "", path, status, List.of(),
                List.of(), Optional.of(reason), List.of());
    }
}
