package org.iopf.cli.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.iopf.cli.CliEnvironment;
import org.iopf.cli.IopfMain;

/**
 * Calls {@code iopf} in-process, as {@code bin/iopf} would run it, on a thread of its own that must
 * end within a time limit, and judges how it ended: exit 0, 1 or 2 without a stack trace is fine;
 * another exit code (3 an internal error, 4 out of memory), a stack trace without {@code --debug}, a
 * {@link Throwable} escaping {@code iopf} or no end within the limit (a hang) is a failure.
 */
final class FrontDoor {
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(|^Caused by: ");

    private final Path home;
    private final Duration limit;

    /**
     * A front door to {@code iopf} with {@code home} as its installation.
     *
     * @param limit how long one call may take before it counts as a hang
     */
    FrontDoor(Path home, Duration limit) {
        this.home = home;
        this.limit = limit;
    }

    /** How one call ended. */
    record Outcome(int exitCode, String out, String err, Throwable escaped, boolean hung) {
        /** What is wrong with this ending, if anything. */
        Optional<String> failure() {
            if (hung) {
                return Optional.of("hang: no exit within the time limit");
            }
            if (escaped != null) {
                return Optional.of("escaped iopf: " + escaped);
            }
            if (exitCode < 0 || exitCode > 2) {
                return Optional.of("exit " + exitCode + ": " + firstLine(err));
            }
            if (STACK_FRAME.matcher(err).find()) {
                return Optional.of("stack trace without --debug (exit " + exitCode + "): " + firstLine(err));
            }
            if (exitCode == 2 && err.lines().filter(l -> !l.isBlank() && !l.startsWith("iopf: warning")).count() != 1) {
                return Optional.of("not one line for one error: " + firstLine(err));
            }
            return Optional.empty();
        }

        /** The first line of standard error that is not a warning, or the empty string. */
        String message() {
            return err.lines().filter(l -> !l.startsWith("iopf: warning")).findFirst().orElse("");
        }
    }

    /** Runs {@code iopf args}. */
    Outcome call(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliEnvironment env = new CliEnvironment(home, new PrintWriter(out, true), new PrintWriter(err, true));
        FutureTask<Integer> task = new FutureTask<>(() -> IopfMain.run(args, env));
        Thread thread = new Thread(task, "front-door " + String.join(" ", args));
        thread.setDaemon(true);
        thread.start();
        try {
            int code = task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return new Outcome(code, out.toString(), err.toString(), null, false);
        } catch (TimeoutException e) {
            stop(thread);
            return new Outcome(-1, out.toString(), err.toString(), null, true);
        } catch (ExecutionException e) {
            return new Outcome(-1, out.toString(), err.toString(), e.getCause(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while iopf ran", e);
        }
    }

    /**
     * Stops a call that did not end in time, so that it does not slow down or starve the calls after
     * it (a hang usually spins or fills the heap). {@link Thread#stop()} is deprecated because it
     * leaves shared state half-changed, but a call of {@code iopf} shares nothing with the next one;
     * Java 17 still honours it.
     */
    @SuppressWarnings({"deprecation", "removal"})
    private static void stop(Thread thread) {
        thread.interrupt();
        thread.stop();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
