package org.iopf.core.record;

import java.util.Locale;
import java.util.Map;

/**
 * Where a parameter's value in a run came from.
 *
 * @since 0.1
 */
public enum ParameterOrigin {
    /** Not written anywhere: the type's default. */
    DEFAULT,
    /** As the platform file wrote it. */
    FILE,
    /** Set in place of the file's value: {@code --set}, a sweep's {@code set:} or one of its axes. */
    OVERRIDE;

    /**
     * The origin of {@code name} in a run whose values are {@code actual}, when the platform file
     * wrote {@code written} for the same component (empty when the file had no such component, or
     * one of another type).
     */
    static ParameterOrigin of(String name, Map<String, String> actual, Map<String, String> written) {
        if (!actual.containsKey(name)) {
            return DEFAULT;
        }
        return actual.get(name).equals(written.get(name)) ? FILE : OVERRIDE;
    }

    /** Its name in a record: {@code default}, {@code file}, {@code override}. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
