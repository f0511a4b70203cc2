package org.iopf.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.iopf.core.io.AtomicFile;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes what the distribution ships beside {@code bin/iopf} and picocli generates from the command
 * line itself, so that it never drifts from {@code --help}: the completion script for bash and zsh
 * ({@code completion/iopf_completion}, from {@link AutoComplete}) and the manual page
 * ({@code man/man1/iopf.1}, from {@link ManPage}). The distribution's build runs it.
 *
 * @since 0.1
 */
public final class GeneratedDocs {
    private GeneratedDocs() {
    }

    /**
     * Writes the completion script and the manual page under a folder.
     *
     * @param args the folder, and the version to print in the manual page
     */
    public static void main(String[] args) {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: GeneratedDocs FOLDER VERSION");
        }
        write(Path.of(args[0]), args[1]);
    }

    /** Writes {@code completion/iopf_completion} and {@code man/man1/iopf.1} under {@code folder}. */
    static void write(Path folder, String version) {
        CommandLine commandLine = commandLine();
        Path completion = folder.resolve("completion/iopf_completion");
        Path man = folder.resolve("man/man1/iopf.1");
        AtomicFile.createFolder(completion.getParent());
        AtomicFile.createFolder(man.getParent());
        AtomicFile.writeText(completion, out -> out.write(AutoComplete.bash("iopf", commandLine)));
        AtomicFile.writeText(man, out -> out.write(ManPage.render(commandLine, version)));
    }

    /** The command line as {@code bin/iopf} builds it, over an environment that prints nothing. */
    static CommandLine commandLine() {
        PrintWriter none = new PrintWriter(new StringWriter());
        CliEnvironment env = new CliEnvironment(Path.of("").toAbsolutePath(), none, none);
        return IopfMain.commandLine(new IopfCommand(env), env);
    }
}
