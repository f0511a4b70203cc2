package org.iopf.cli;

/** The exit codes of {@code iopf}. */
public final class ExitCode {
    /** Everything went well. */
    public static final int OK = 0;
    /** The run completed but an {@code expect:} entry was missed. */
    public static final int EXPECTATION_MISSED = 1;
    /**
     * Bad input: a bad option, platform file, parameter or plugin request, or an output that cannot
     * be written (an unwritable {@code --out} folder, a full disk, a closed standard output).
     */
    public static final int BAD_INPUT = 2;
    /** A fault of iopf itself; the message asks for a report. */
    public static final int INTERNAL_ERROR = 3;
    /** The Java heap ran out; the message says how to give the run more or make it need less. */
    public static final int OUT_OF_MEMORY = 4;
    /** A run cancelled with Ctrl-C (in the shell, which goes on); 128 + SIGINT, as shells report it. */
    public static final int CANCELLED = 130;

    private ExitCode() {
    }
}
