package org.iopf.core.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds a sweep's base platform file by the name the sweep file gives: a path relative to the
 * sweep file, or the name of a bundled platform file ({@code ib-npf-4k}).
 *
 * @since 0.1
 */
public interface PlatformLocator {
    /**
     * The platform file named {@code name}, if it exists.
     *
     * @param name as written in the sweep file, not null
     * @param sweepFolder the folder of the sweep file, not null
     */
    Optional<Path> find(String name, Path sweepFolder);

    /** The names of the bundled platform files, for suggestions. */
    List<String> bundledNames();
}
