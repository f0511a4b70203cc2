package org.iopf.cli;

import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import java.io.PrintStream;

/**
 * Logback's own warnings and errors about setting itself up, one line each on standard error.
 * Registered by {@link DefaultLogging}, it takes the place of Logback's status printer, which would
 * print the same in case of trouble but sets up a time-zone-aware date format at every start to do so.
 */
final class LogbackProblems implements StatusListener {
    private final PrintStream err;

    LogbackProblems(PrintStream err) {
        this.err = err;
    }

    @Override
    public void addStatusEvent(Status status) {
        if (status.getEffectiveLevel() >= Status.WARN) {
            err.println("logback: " + status.getMessage()
                    + (status.getThrowable() != null ? ": " + status.getThrowable() : ""));
        }
    }
}
