package org.iopf.core.plugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

/** What the host needs to know of files in the plugins folder: names and times. */
final class PluginFiles {
    private PluginFiles() {
    }

    static String baseName(Path path) {
        String name = path.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    static Optional<FileTime> lastModified(Path path) {
        try {
            return Optional.of(Files.getLastModifiedTime(path));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
