package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

/**
 * One value to put at a path of a platform file's document in place of what the file says: a
 * value of a sweep's point or of {@code run --set}.
 *
 * @param path where, resolved against the file
 * @param value the value as written where it came from (its marks are of that place)
 * @param origin where it came from, to place errors about it
 */
record TreeEdit(PlatformPath path, YamlNode value, EditOrigin origin) {
    /** Checks arguments. */
    TreeEdit {
        requireNonNull(path, "path is null");
        requireNonNull(value, "value is null");
        requireNonNull(origin, "origin is null");
    }

    /** The value's text, a collection in flow style ({@code [8GiB, 8GiB]}). */
    String valueText() {
        return YamlText.flow(value);
    }
}
