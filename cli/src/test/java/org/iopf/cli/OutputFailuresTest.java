package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/**
 * Outputs that cannot be written are clear errors with a non-zero exit, and cost nothing else: the
 * results are printed and saved before the trace, and running out of heap is its own exit code.
 */
final class OutputFailuresTest {
    private static final Path ROOT = CliHarness.repositoryRoot();
    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(ROOT);

    @Test
    void anOutThatIsAFileIsRefusedBeforeTheRun() throws IOException {
        Path file = Files.writeString(temp.resolve("results"), "not a folder");

        assertThat(cli.run("run", "--no-progress", "--out", file.toString(), "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("--out " + file + ": it exists and is not a folder").doesNotContain("\tat ");
        assertThat(cli.out()).as("nothing ran").isEmpty();
        assertThat(Files.readString(file)).isEqualTo("not a folder");
    }

    @Test
    void anOutBelowAFileFailsAfterTheRunButTheResultsArePrinted() throws IOException {
        Path file = Files.writeString(temp.resolve("results"), "not a folder");
        Path out = file.resolve("run1");

        assertThat(cli.run("run", "--no-progress", "--out", out.toString(), "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.out()).contains("expectations: 4 of 4 met");
        assertThat(cli.err()).contains("iopf: cannot create the folder " + out + ": " + file
                + " exists and is not a folder").doesNotContain("\tat ");
    }

    @Test
    void aTraceThatCannotBeWrittenKeepsTheResultsOnStandardOutputAndInOut() throws IOException {
        assumeTrue(Files.exists(DEV_FULL), "no /dev/full on this system");
        Path out = temp.resolve("out");

        assertThat(cli.run("run", "--no-progress", "--trace", DEV_FULL.toString(), "--out", out.toString(),
                "--plugins", temp.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.out()).contains("expectations: 4 of 4 met");
        assertThat(cli.err()).contains("iopf: cannot write /dev/full: No space left on device")
                .doesNotContain("\tat ", "wrote trace");
        assertThat(Files.readString(out.resolve("results.csv"))).startsWith("name,value,unit");
        assertThat(Files.readString(out.resolve("results.json"))).endsWith("}");
    }

    @Test
    void aTraceNamingAFolderIsRefusedBeforeTheRun() {
        assertThat(cli.run("run", "--no-progress", "--trace", temp.toString(), "--plugins", temp.toString()))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("--trace " + temp + ": it is a folder; expected a file name");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void standardOutputThatFailsIsAnErrorEvenWhenTheCommandSucceeded() {
        StringWriter err = new StringWriter();
        PrintWriter brokenOut = new PrintWriter(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        }, true, StandardCharsets.UTF_8);
        CliEnvironment env = new CliEnvironment(ROOT, brokenOut, new PrintWriter(err, true));

        assertThat(IopfMain.run(new String[] {"validate", "pinned-baseline", "--plugins", temp.toString()}, env))
                .isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains("iopf: cannot write to standard output");
    }

    @Test
    void runningOutOfHeapIsExitFourWithOneLineAndAHint() {
        CliEnvironment env = cli.env();

        int code = IopfMain.execute(IopfMain.commandLine(new ExhaustingCommand(), env), new String[0], env);

        assertThat(code).isEqualTo(ExitCode.OUT_OF_MEMORY).isNotIn(ExitCode.EXPECTATION_MISSED, ExitCode.INTERNAL_ERROR);
        assertThat(cli.err().lines()).singleElement().asString()
                .startsWith("iopf: out of memory").contains("Java heap space", "IOPF_OPTS=-Xmx", "content: fingerprint");
        cli.clear();
        assertThat(IopfMain.execute(IopfMain.commandLine(new ExhaustingCommand(), env), new String[] {"--debug"}, env))
                .isEqualTo(ExitCode.OUT_OF_MEMORY);
        assertThat(cli.err()).contains("java.lang.OutOfMemoryError: Java heap space", "\tat ");
    }

    /** A command that runs out of heap, as a run too large for it would. */
    @Command(name = "exhausting")
    static final class ExhaustingCommand implements Callable<Integer> {
        @picocli.CommandLine.Option(names = "--debug")
        boolean debug;

        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }
}
