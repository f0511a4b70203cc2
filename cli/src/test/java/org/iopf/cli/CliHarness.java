package org.iopf.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs {@code iopf} in-process against a home folder and keeps what it printed. */
final class CliHarness {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final CliEnvironment env;

    CliHarness(Path home) {
        this.env = new CliEnvironment(home, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    CliEnvironment env() {
        return env;
    }

    int run(String... args) {
        return IopfMain.run(args, env);
    }

    String out() {
        env.out().flush();
        return out.toString();
    }

    String err() {
        env.err().flush();
        return err.toString();
    }

    void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    /** The repository's root (for examples/ and scenarios/). */
    static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !dir.resolve("examples").toFile().isDirectory()) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    /** Where the test-only plugins' sources are (framework-core/src/test/plugin-sources). */
    static Path testPluginSources() {
        String configured = System.getProperty("iopf.testPluginSources");
        return configured != null ? Path.of(configured)
                : repositoryRoot().resolve("framework-core/src/test/plugin-sources");
    }
}
