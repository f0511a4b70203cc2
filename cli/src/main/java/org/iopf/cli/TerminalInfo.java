package org.iopf.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;

/**
 * What iopf knows of where its output goes: whether standard output and standard error are
 * terminals, how wide standard error's terminal is, and whether the user asked for no colour
 * ({@code NO_COLOR}) or has a terminal that cannot take control sequences ({@code TERM=dumb}).
 * The decisions (show a progress bar, use colour) are made from this description alone, so that
 * tests can describe a terminal instead of needing one.
 *
 * @param outIsTerminal whether standard output is a terminal
 * @param errIsTerminal whether standard error is a terminal
 * @param errColumns the width of standard error's terminal in columns; 0 when unknown
 * @param noColor whether {@code NO_COLOR} is set to something other than the empty string
 * @param dumb whether {@code TERM} is {@code dumb}
 * @since 0.1
 */
public record TerminalInfo(boolean outIsTerminal, boolean errIsTerminal, int errColumns, boolean noColor, boolean dumb) {
    /** Neither stream is a terminal: output to files and pipes, and in-process tests. */
    static final TerminalInfo NONE = new TerminalInfo(false, false, 0, false, false);

    /** The width assumed when a terminal does not say its own. */
    static final int DEFAULT_COLUMNS = 80;

    /** Checks arguments. */
    public TerminalInfo {
        if (errColumns < 0) {
            throw new IllegalArgumentException("errColumns must be >= 0: " + errColumns);
        }
    }

    /**
     * The streams of this process, asked of the operating system through JLine's native or
     * {@code exec} terminal provider; neither a terminal when no provider can tell.
     */
    static TerminalInfo detect() {
        Map<String, String> env = System.getenv();
        boolean noColor = !env.getOrDefault("NO_COLOR", "").isEmpty();
        boolean dumb = "dumb".equals(env.get("TERM"));
        if (surelyNoTerminal(Path.of("/proc/self/fd/1")) && surelyNoTerminal(Path.of("/proc/self/fd/2"))) {
            return new TerminalInfo(false, false, 0, noColor, dumb); // output to pipes or files: JLine not needed
        }
        for (String name : new String[] {"jni", "exec"}) {
            try {
                TerminalProvider provider = TerminalProvider.load(name);
                boolean err = provider.isSystemStream(SystemStream.Error);
                int columns = err ? Math.max(0, provider.systemStreamWidth(SystemStream.Error)) : 0;
                if (columns == 0 && err) {
                    columns = columnsFrom(env.get("COLUMNS"));
                }
                return new TerminalInfo(provider.isSystemStream(SystemStream.Output), err, columns, noColor, dumb);
            } catch (Exception | LinkageError e) {
                // this provider cannot run here (no native library, no shell): try the next
            }
        }
        return new TerminalInfo(false, false, 0, noColor, dumb);
    }

    /**
     * Whether the file descriptor whose {@code /proc/self/fd} link is {@code link} is certainly no
     * terminal: a pipe, a socket, {@code /dev/null} or a regular file. Anything else (and a system
     * without {@code /proc}) is left to JLine, whose native provider costs a start some tens of
     * milliseconds.
     */
    static boolean surelyNoTerminal(Path link) {
        try {
            String target = Files.readSymbolicLink(link).toString();
            return target.startsWith("pipe:") || target.startsWith("socket:") || target.equals("/dev/null")
                    || (target.startsWith("/") && Files.isRegularFile(link));
        } catch (IOException | RuntimeException e) {
            return false; // not Linux, or no /proc: ask JLine
        }
    }

    /** Whether a progress bar, redrawn in place with carriage returns, may be drawn on standard error. */
    boolean progressBarOnErr() {
        return errIsTerminal && !dumb;
    }

    /** The columns a line on standard error may use. */
    int errWidth() {
        return errColumns > 0 ? errColumns : DEFAULT_COLUMNS;
    }

    /** Whether standard output may carry colour (the help's styles). */
    boolean colourOnOut() {
        return outIsTerminal && !noColor && !dumb;
    }

    private static int columnsFrom(String text) {
        try {
            return text == null ? 0 : Math.max(0, Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
