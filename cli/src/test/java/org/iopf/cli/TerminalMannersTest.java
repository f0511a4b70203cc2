package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar only on a terminal and never wider than it, colour only on a terminal without
 * {@code NO_COLOR}, and {@code --quiet}: decided from a described terminal, not a real one.
 */
final class TerminalMannersTest {
    private static final Path ROOT = CliHarness.repositoryRoot();
    private static final TerminalInfo TTY = new TerminalInfo(true, true, 120, false, false);
    private static final String ESC = "\u001b[";

    @TempDir
    Path temp;

    @Test
    void theBarIsDrawnOnlyWhenStandardErrorIsATerminalThatCanRedrawALine() {
        assertThat(status(TTY, false, false).showsBar()).isTrue();
        assertThat(status(TerminalInfo.NONE, false, false).showsBar()).as("piped or redirected").isFalse();
        assertThat(status(new TerminalInfo(true, false, 0, false, false), false, false).showsBar())
                .as("only standard output is a terminal").isFalse();
        assertThat(status(new TerminalInfo(true, true, 120, false, true), false, false).showsBar())
                .as("TERM=dumb").isFalse();
        assertThat(status(new TerminalInfo(true, true, 120, true, false), false, false).showsBar())
                .as("NO_COLOR asks for no colour, not for no bar").isTrue();
    }

    @Test
    void quietSilencesBarSpeedAndNotesWhileNoProgressKeepsNotes() {
        StringWriter err = new StringWriter();
        StatusOutput quiet = new StatusOutput(new PrintWriter(err), TTY, true, false);
        quiet.note("wrote out/results.json");
        assertThat(quiet.showsBar()).isFalse();
        assertThat(quiet.showsSpeed()).isFalse();
        assertThat(err.toString()).isEmpty();

        StatusOutput noProgress = new StatusOutput(new PrintWriter(err), TTY, false, true);
        noProgress.note("wrote out/results.json");
        assertThat(noProgress.showsBar()).isFalse();
        assertThat(noProgress.showsSpeed()).isFalse();
        assertThat(err.toString()).isEqualTo("wrote out/results.json" + System.lineSeparator());
        assertThat(status(TerminalInfo.NONE, false, false).showsSpeed()).as("the speed line goes to pipes too").isTrue();
    }

    @Test
    void theBarsLineFitsTheTerminalAndLosesItsBarBeforeItsFigures() {
        String wide = ProgressBar.line("pinned-baseline", 0.5, 2_000_000, 123_456, 2.0, 200);
        assertThat(wide).contains("[" + "#".repeat(15) + ".".repeat(15) + "]", " 50% ", "123,456 events");
        assertThat(wide.length()).isLessThan(200);

        for (int columns : new int[] {120, 80, 60, 20, 1}) {
            String line = ProgressBar.line("pinned-baseline", 0.5, 2_000_000, 123_456, 2.0, columns);
            assertThat(line.length()).as("at %d columns", columns).isLessThan(columns);
        }
        assertThat(ProgressBar.line("pinned-baseline", 0.5, 2_000_000, 123_456, 2.0, 80))
                .doesNotContain("[").contains(" 50% ");
        assertThat(TTY.errWidth()).isEqualTo(120);
        assertThat(new TerminalInfo(false, true, 0, false, false).errWidth()).isEqualTo(TerminalInfo.DEFAULT_COLUMNS);
    }

    @Test
    void helpHasColourOnlyOnATerminalWithoutNoColor() {
        assertThat(help(TTY)).contains(ESC);
        assertThat(help(TerminalInfo.NONE)).doesNotContain(ESC);
        assertThat(help(new TerminalInfo(true, true, 120, true, false))).as("NO_COLOR").doesNotContain(ESC);
        assertThat(help(new TerminalInfo(true, true, 120, false, true))).as("TERM=dumb").doesNotContain(ESC);
    }

    @Test
    void quietRunPrintsItsResultsAndNothingElseOnStandardError() {
        CliHarness cli = new CliHarness(ROOT);
        Path out = temp.resolve("out");

        assertThat(cli.run("run", "--quiet", "--out", out.toString(), "--plugins", temp.toString())).isZero();
        assertThat(cli.out()).contains("expectations: 4 of 4 met");
        assertThat(cli.err()).isEmpty();
        assertThat(out.resolve("results.json")).exists();

        cli.clear();
        assertThat(cli.run("run", "--out", out.toString(), "--plugins", temp.toString())).isZero();
        assertThat(cli.err()).contains("wrote " + out.resolve("results.json"), "events/s").doesNotContain("\r");
    }

    private static StatusOutput status(TerminalInfo terminal, boolean quiet, boolean noProgress) {
        return new StatusOutput(new PrintWriter(new StringWriter()), terminal, quiet, noProgress);
    }

    private static String help(TerminalInfo terminal) {
        StringWriter out = new StringWriter();
        CliEnvironment env = new CliEnvironment(ROOT, new PrintWriter(out, true), new PrintWriter(new StringWriter()),
                terminal);
        assertThat(IopfMain.run(new String[] {"run", "--help"}, env)).isZero();
        return out.toString();
    }
}
