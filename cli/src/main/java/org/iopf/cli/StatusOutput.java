package org.iopf.cli;

import java.io.PrintWriter;
import java.util.Objects;

/**
 * What a command says on standard error besides its errors and warnings: the progress bar (only
 * on a terminal, sized to it), the speed line when a run ends, and notes such as
 * {@code wrote out/results.json} or {@code running NAME}. {@code --quiet} silences all three,
 * {@code --no-progress} the bar and the speed line.
 */
final class StatusOutput {
    private final PrintWriter err;
    private final TerminalInfo terminal;
    private final boolean quiet;
    private final boolean noProgress;

    /**
     * The status output of one command.
     *
     * @param err standard error
     * @param terminal what standard error is
     * @param quiet {@code --quiet}: no bar, no speed line, no notes
     * @param noProgress {@code --no-progress}: no bar, no speed line
     */
    StatusOutput(PrintWriter err, TerminalInfo terminal, boolean quiet, boolean noProgress) {
        this.err = Objects.requireNonNull(err, "err is null");
        this.terminal = Objects.requireNonNull(terminal, "terminal is null");
        this.quiet = quiet;
        this.noProgress = noProgress;
    }

    /** Standard error. */
    PrintWriter err() {
        return err;
    }

    /** Whether a run draws a progress bar: asked for, and standard error is a terminal that can redraw a line. */
    boolean showsBar() {
        return !quiet && !noProgress && terminal.progressBarOnErr();
    }

    /** Whether a run's speed line is printed when it ends (to a terminal, a pipe or a file alike). */
    boolean showsSpeed() {
        return !quiet && !noProgress;
    }

    /** The columns the progress bar may use. */
    int width() {
        return terminal.errWidth();
    }

    /** Prints {@code line} on standard error unless quiet. */
    void note(String line) {
        if (!quiet) {
            err.println(line);
            err.flush();
        }
    }
}
