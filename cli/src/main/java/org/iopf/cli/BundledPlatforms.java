package org.iopf.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.iopf.core.sweep.PlatformLocator;

/**
 * Finds a sweep's base platform file: relative to the sweep file's folder, else as {@code iopf
 * run} finds a platform file (the working directory, the home, {@code examples/},
 * {@code scenarios/}), with or without {@code .yaml}.
 */
final class BundledPlatforms implements PlatformLocator {
    private final CliEnvironment env;

    BundledPlatforms(CliEnvironment env) {
        this.env = Objects.requireNonNull(env, "env is null");
    }

    @Override
    public Optional<Path> find(String name, Path sweepFolder) {
        for (String candidate : new String[] {name, name + ".yaml"}) {
            Path p = sweepFolder.resolve(candidate);
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        Path found = env.platformFile(name);
        return Files.isRegularFile(found) ? Optional.of(found) : Optional.empty();
    }

    @Override
    public List<String> bundledNames() {
        List<String> names = new ArrayList<>();
        for (Path dir : new Path[] {env.examplesDir(), env.scenariosDir()}) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
                        .forEach(n -> names.add(n.substring(0, n.length() - ".yaml".length())));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
            }
        }
        return names;
    }
}
