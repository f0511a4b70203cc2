package org.iopf.cli.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The platform files the distribution ships: every {@code *.yaml} of {@code examples/} and {@code scenarios/}. */
final class BundledInputs {
    private BundledInputs() {
    }

    /** The bundled platform files under {@code root}, sorted by path. */
    static List<Path> under(Path root) {
        try (Stream<Path> examples = Files.list(root.resolve("examples"));
                Stream<Path> scenarios = Files.list(root.resolve("scenarios"))) {
            return Stream.concat(examples, scenarios).filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The repository's root: {@code -Diopf.repository} (the build sets it), else the folder above
     * the working directory (a module's folder).
     */
    static Path repositoryRoot() {
        String configured = System.getProperty("iopf.repository");
        return configured != null ? Path.of(configured) : Path.of("").toAbsolutePath().getParent();
    }
}
