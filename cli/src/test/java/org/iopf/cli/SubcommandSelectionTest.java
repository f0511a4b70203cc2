package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iopf} builds the picocli model of the one subcommand a command line names, and of all of
 * them when it names none it knows; terminal detection leaves JLine out when both streams are
 * certainly no terminal.
 */
final class SubcommandSelectionTest {
    @TempDir
    Path temp;

    @Test
    void theSubcommandIsTheFirstArgumentAfterTheGlobalOptions() {
        assertThat(IopfCommand.subcommandOf(new String[] {"run", "x.yaml"})).contains(RunCommand.class);
        assertThat(IopfCommand.subcommandOf(new String[] {"--debug", "-q", "--plugins", "run", "plugins", "list"}))
                .contains(PluginsCommand.class);
        assertThat(IopfCommand.subcommandOf(new String[] {"--plugins=dir", "--quiet", "validate"}))
                .contains(ValidateCommand.class);
    }

    @Test
    void helpVersionAnUnknownOptionOrCommandAndNoCommandGetEverySubcommand() {
        assertThat(IopfCommand.subcommandOf(new String[] {})).isEmpty();
        assertThat(IopfCommand.subcommandOf(new String[] {"--help"})).isEmpty();
        assertThat(IopfCommand.subcommandOf(new String[] {"-V", "run"})).isEmpty();
        assertThat(IopfCommand.subcommandOf(new String[] {"rnu"})).isEmpty();
        assertThat(IopfCommand.subcommandOf(new String[] {"--plugins"})).isEmpty();
    }

    @Test
    void everySubcommandIsListedByNameInTheHelpAndRunsWithTheGlobalOptionsBeforeIt() {
        CliHarness cli = new CliHarness(CliHarness.repositoryRoot());
        assertThat(cli.run("--help")).isZero();
        for (Class<?> subcommand : IopfCommand.SUBCOMMANDS) {
            assertThat(cli.out()).contains(subcommand.getAnnotation(picocli.CommandLine.Command.class).name());
        }
        assertThat(cli.run("--plugins", temp.toString(), "-q", "validate", "pinned-baseline")).isZero();
        assertThat(cli.run("rnu")).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cli.err()).contains("unknown command 'rnu'");
    }

    @Test
    void everyCommandsHelpFormatsWithoutPicocliFallingBackToTheRawText() {
        PrintStream err = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (Class<?> subcommand : IopfCommand.SUBCOMMANDS) {
                renderUsage(new picocli.CommandLine(subcommand));
            }
        } finally {
            System.setErr(err);
        }
        // picocli warns on standard error when a description is not a valid format string (a lone %)
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /** Renders the usage of {@code command} and of its subcommands ({@code plugins list}, ...). */
    private static void renderUsage(picocli.CommandLine command) {
        assertThat(command.getUsageMessage()).isNotEmpty();
        command.getSubcommands().values().forEach(SubcommandSelectionTest::renderUsage);
    }

    @Test
    void aFileAPipeAndDevNullAreSurelyNoTerminalAndATtyPathIsLeftToJline() throws IOException {
        Path file = Files.writeString(temp.resolve("out.txt"), "");
        assertThat(TerminalInfo.surelyNoTerminal(Files.createSymbolicLink(temp.resolve("1"), file))).isTrue();
        assertThat(TerminalInfo.surelyNoTerminal(Files.createSymbolicLink(temp.resolve("2"), Path.of("/dev/null"))))
                .isTrue();
        assertThat(TerminalInfo.surelyNoTerminal(Files.createSymbolicLink(temp.resolve("3"), Path.of("pipe:[4242]"))))
                .isTrue();
        assertThat(TerminalInfo.surelyNoTerminal(Files.createSymbolicLink(temp.resolve("4"), Path.of("/dev/pts/0"))))
                .isFalse();
        assertThat(TerminalInfo.surelyNoTerminal(temp.resolve("no-such-link"))).isFalse();
    }
}
