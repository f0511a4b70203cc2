package org.iopf.core.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the {@link Library} of a type found on the class path from the jar (or classes folder) its
 * class was loaded from: a stock plugin on a plain class path names itself in its
 * {@code plugin.properties} ({@code plugin.id}, {@code plugin.version}), any other library in
 * {@code META-INF/iopf/library.properties} ({@code library.id}, {@code library.version}); a jar
 * that says neither is {@link Library#CLASS_PATH}. Only the type's own location is read, so one
 * jar's descriptor never names another jar's types.
 */
final class ClassPathLibrary {
    private static final Map<URL, Library> BY_LOCATION = new ConcurrentHashMap<>();

    private ClassPathLibrary() {
    }

    static Library of(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Library.CLASS_PATH;
        }
        return BY_LOCATION.computeIfAbsent(source.getLocation(), ClassPathLibrary::read);
    }

    private static Library read(URL location) {
        // A loader over this one location with no parent reads only the location's own files.
        try (URLClassLoader own = new URLClassLoader(new URL[] {location}, null)) {
            return named(own, "plugin.properties", "plugin.id", "plugin.version")
                    .or(() -> named(own, "META-INF/iopf/library.properties", "library.id", "library.version"))
                    .orElse(Library.CLASS_PATH);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the library descriptor of " + location, e);
        }
    }

    private static Optional<Library> named(URLClassLoader own, String file, String idKey, String versionKey) {
        URL descriptor = own.findResource(file);
        if (descriptor == null) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (InputStream in = descriptor.openStream()) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + descriptor, e);
        }
        String id = properties.getProperty(idKey, "").strip();
        if (id.isEmpty() || id.contains("${")) {
            return Optional.empty();
        }
        String version = properties.getProperty(versionKey, "").strip();
        return Optional.of(new Library(id, version.isEmpty() || version.contains("${") ? "unversioned" : version));
    }
}
