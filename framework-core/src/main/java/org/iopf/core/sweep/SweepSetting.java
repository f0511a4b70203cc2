package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

/**
 * One value a point puts into the base platform file, and where the sweep file wrote it, so that
 * a problem found when the point is built or run can be placed there.
 *
 * @param path the path it sets, canonical
 * @param text its value ({@code 4KiB})
 * @param source the sweep file
 * @param line the line of the value (or of its range), 1-based
 * @param column its column, 1-based
 * @since 0.1
 */
public record SweepSetting(String path, String text, String source, int line, int column) {
    /** Checks arguments. */
    public SweepSetting {
        requireNonNull(path, "path is null");
        requireNonNull(text, "text is null");
        requireNonNull(source, "source is null");
    }
}
