package org.iopf.core.platform;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The library a component or workload type belongs to: its namespace in platform files
 * ({@code hmm:hmm-device}) and the version its types report unless they declare their own. A PF4J
 * plugin is a library named by its plugin id; on the class path a jar names itself in its
 * {@code plugin.properties} or {@code META-INF/iopf/library.properties} ({@link ClassPathLibrary}).
 *
 * @param id the namespace: letters, digits, '.', '_' or '-'; never contains {@link #SEPARATOR}
 * @param version the library's version, {@code unversioned} when it says none
 */
public record Library(String id, String version) {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** What separates a library from a type name in a qualified name ({@code hmm:hmm-device}). */
    public static final char SEPARATOR = ':';

    /** The library of types that nothing names (an embedding program's, a test's). */
    public static final Library CLASS_PATH = new Library("classpath", "unversioned");

    /** Checks arguments. */
    public Library {
        Objects.requireNonNull(id, "id is null");
        Objects.requireNonNull(version, "version is null");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("library id '" + id + "' is not 1 to 64 letters, digits, '.', '_' or '-'");
        }
        if (version.isBlank()) {
            throw new IllegalArgumentException("library '" + id + "' has a blank version");
        }
    }

    /** {@code id:name}, the name of a type of this library that no other library can take. */
    public String qualify(String typeName) {
        return id + SEPARATOR + typeName;
    }

    /** The type name of {@code name} without its library ({@code hmm:hmm-device} → {@code hmm-device}). */
    static String simpleName(String name) {
        return name.substring(name.indexOf(SEPARATOR) + 1);
    }
}
