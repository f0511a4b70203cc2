package org.iopf.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.iopf.api.platform.PlatformCapacityException;
import org.iopf.core.io.IoProblem;
import org.iopf.core.io.OneLine;
import org.iopf.core.mem.MemoryAccessException;
import org.iopf.core.platform.AssemblyException;
import org.iopf.core.platform.InvalidParameterException;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.plugin.PluginHostException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception out of a command into a message and an exit code: bad input (a platform file,
 * a parameter, a plugin request, a missing file, a node whose simulated memory runs out before the
 * run begins) exits with 2 and prints one message on one line
 * (a line break in a quoted value is written {@code \n}), without a
 * stack trace unless {@code --debug}; anything else is an internal error (exit 3) and always shows
 * its stack trace. Running out of heap is neither: {@link #outOfMemory} says so on one line with a
 * hint and exits with 4.
 */
final class ErrorReporter implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
        PrintWriter err = commandLine.getErr();
        boolean debug = parseResult.hasMatchedOption("--debug") || isDebug(parseResult);
        if (isBadInput(ex)) {
            err.println("iopf: " + OneLine.of(String.valueOf(message(ex))));
            if (debug) {
                ex.printStackTrace(err);
            }
            return ExitCode.BAD_INPUT;
        }
        err.println("iopf: internal error: " + ex + " (please report it with the stack trace below)");
        ex.printStackTrace(err);
        return ExitCode.INTERNAL_ERROR;
    }

    private static boolean isDebug(ParseResult result) {
        for (ParseResult p = result; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    static boolean isBadInput(Throwable ex) {
        return ex instanceof BadInputException || ex instanceof PlatformFileException
                || ex instanceof MemoryAccessException m && m.outOfMemory()
                || ex instanceof InvalidParameterException || ex instanceof AssemblyException
                || ex instanceof PluginHostException || ex instanceof PlatformCapacityException
                || ex instanceof IllegalArgumentException
                || ex instanceof IOException || ex instanceof UncheckedIOException;
    }

    static String message(Throwable ex) {
        if (ex instanceof UncheckedIOException u && u.getCause() != null
                && !u.getMessage().equals(u.getCause().toString())) {
            return u.getMessage();
        }
        Throwable t = ex instanceof UncheckedIOException u ? u.getCause() : ex;
        if (t instanceof MemoryAccessException m) {
            return "the platform has too little memory for its workload: " + m.getMessage()
                    + "; expected more memory on that node (memory: {numa: [...]}) or a smaller workload";
        }
        if (t instanceof NoSuchFileException nf) {
            return "no such file: " + nf.getFile();
        }
        if (t instanceof java.nio.file.AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        return t instanceof IOException io ? "cannot read or write a file: " + IoProblem.describe(io, null)
                : t.getMessage();
    }

    /**
     * Reports that the Java heap ran out: one line with the heap's size and what to do, the stack
     * trace only with {@code --debug}.
     *
     * @return {@link ExitCode#OUT_OF_MEMORY}
     */
    static int outOfMemory(OutOfMemoryError error, boolean debug, PrintWriter err) {
        long max = Runtime.getRuntime().maxMemory();
        String heap = max == Long.MAX_VALUE ? "" : " (" + max / (1024 * 1024) + " MiB of heap)";
        err.println("iopf: out of memory" + heap + ": " + error.getMessage() + "; give the JVM more heap "
                + "(IOPF_OPTS=-Xmx8g) or keep page fingerprints instead of bytes (memory: {content: fingerprint} "
                + "on each node)");
        if (debug) {
            error.printStackTrace(err);
        }
        err.flush();
        return ExitCode.OUT_OF_MEMORY;
    }
}
