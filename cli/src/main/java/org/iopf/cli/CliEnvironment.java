package org.iopf.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where {@code iopf} finds its folders and where it writes. The home is the unpacked distribution
 * ({@code -Diopf.home}, set by {@code bin/iopf}) or, when run from a checkout, the working
 * directory; {@code plugins/}, {@code scenarios/} and {@code examples/} live under it.
 *
 * @param home the installation (or checkout) folder
 * @param out standard output
 * @param err standard error, for warnings, progress and error messages
 * @param terminal whether {@code out} and {@code err} are terminals, and how wide
 */
public record CliEnvironment(Path home, PrintWriter out, PrintWriter err, TerminalInfo terminal) {
    /** Checks arguments. */
    public CliEnvironment {
        Objects.requireNonNull(home, "home is null");
        Objects.requireNonNull(out, "out is null");
        Objects.requireNonNull(err, "err is null");
        Objects.requireNonNull(terminal, "terminal is null");
    }

    /** An environment whose streams are not terminals (files, pipes, an embedding program). */
    public CliEnvironment(Path home, PrintWriter out, PrintWriter err) {
        this(home, out, err, TerminalInfo.NONE);
    }

    /**
     * The environment of the running process: {@code iopf.home} or the working directory, and
     * the terminal the process's streams are attached to, if any.
     */
    public static CliEnvironment fromSystem(PrintWriter out, PrintWriter err) {
        String home = System.getProperty("iopf.home");
        return new CliEnvironment(Path.of(home != null ? home : "").toAbsolutePath().normalize(), out, err,
                TerminalInfo.detect());
    }

    /** The default plugins folder, {@code HOME/plugins}. */
    public Path pluginsDir() {
        return home.resolve("plugins");
    }

    /** The bundled scenarios, {@code HOME/scenarios}. */
    public Path scenariosDir() {
        return home.resolve("scenarios");
    }

    /** The example platform files, {@code HOME/examples}. */
    public Path examplesDir() {
        return home.resolve("examples");
    }

    /**
     * Resolves a platform file named on the command line: as given, else relative to the home, else
     * under {@code examples/} or {@code scenarios/} of the home, with or without {@code .yaml} (so
     * {@code iopf run pinned-baseline} and {@code iopf run examples/pinned-baseline.yaml} work
     * from any folder).
     */
    public Path platformFile(String name) {
        Path given = Path.of(name);
        if (Files.exists(given) || given.isAbsolute()) {
            return given;
        }
        for (Path dir : new Path[] {home, examplesDir(), scenariosDir()}) {
            for (String candidate : new String[] {name, name + ".yaml"}) {
                Path p = dir.resolve(candidate);
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        return given;
    }
}
