package org.iopf.core.plugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the host needs to know of files in the plugins folder: names, times, zip extractions. */
final class PluginFiles {
    private static final Logger LOG = LoggerFactory.getLogger(PluginFiles.class);

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

    /** Where PF4J extracts a zip: the sibling folder named like the zip without {@code .zip}. */
    static Optional<Path> extractionOf(Path source) {
        String name = source.getFileName().toString();
        return name.toLowerCase(Locale.ROOT).endsWith(".zip")
                ? Optional.of(source.resolveSibling(name.substring(0, name.length() - 4)))
                : Optional.empty();
    }

    /** Deletes a zip's extraction so that PF4J extracts the zip afresh (it may hold a newer version). */
    static void deleteExtraction(Path source) {
        Optional<Path> folder = extractionOf(source);
        if (folder.isEmpty() || !Files.isDirectory(folder.get())) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder.get())) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warn("cannot delete the extracted plugin folder {}: {}", folder.get(), e.getMessage());
        }
    }
}
