package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code iopf shell} under a real terminal (a pseudo-terminal made by util-linux's {@code script}):
 * Ctrl-C cancels the running simulation and returns to the prompt, Ctrl-C at the prompt drops the
 * line, and the shell, its plugins and later runs are unharmed.
 */
final class ShellTerminalIT {
    private static final IopfProcess IOPF = IopfProcess.fromBuild();
    private static final long PATIENCE_MILLIS = 120_000;
    private static final String CTRL_C = "\u0003";

    /** What the terminal showed so far, filled by a reader thread. */
    private static final class Screen {
        private final StringBuilder text = new StringBuilder();

        synchronized void append(String more) {
            text.append(more);
            notifyAll();
        }

        /** Waits until {@code marker} appears after {@code from}; returns the index after it. */
        synchronized int await(String marker, int from) throws InterruptedException {
            long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
            int at;
            while ((at = text.indexOf(marker, from)) < 0) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    throw new AssertionError("the terminal never showed '" + marker + "'; it showed:\n" + text);
                }
                wait(left);
            }
            return at + marker.length();
        }

        synchronized String text() {
            return text.toString();
        }
    }

    @Test
    void ctrlCCancelsTheRunningSimulationAndTheShellGoesOn() throws Exception {
        // a pseudo-terminal of 120 x 40 (a fresh one has 0 columns, and JLine would cut the prompt)
        String shell = "stty cols 120 rows 40; exec " + IOPF.home().resolve("bin/iopf") + " shell";
        ProcessBuilder builder = new ProcessBuilder(List.of("script", "-qfec", shell, "/dev/null"))
                .directory(IOPF.home().toFile()).redirectErrorStream(true);
        builder.environment().put("TERM", "xterm");
        Process process = builder.start();
        Screen screen = new Screen();
        Thread reader = new Thread(() -> copy(process.getInputStream(), screen), "terminal-reader");
        reader.setDaemon(true);
        reader.start();
        OutputStream keyboard = process.getOutputStream();
        try {
            int at = screen.await("iopf> ", 0);
            type(keyboard, "run pinned-baseline --set workload.messages=1000000\r");
            at = screen.await("events/s", at); // the progress bar: the run is under way
            type(keyboard, CTRL_C);
            at = screen.await("of simulated time; its partial result is discarded", at);
            at = screen.await("iopf> ", at);

            type(keyboard, "plugi" + CTRL_C); // at the prompt: the line is dropped
            at = screen.await("iopf> ", at);
            type(keyboard, "plugins\r");
            at = screen.await("STARTED", at);

            type(keyboard, "run pinned-baseline\r");
            at = screen.await("expectations", at);
            assertThat(screen.text().substring(at)).doesNotContain("cancelled");
            at = screen.await("iopf> ", at);
            type(keyboard, "exit\r");
            assertThat(process.waitFor(PATIENCE_MILLIS, TimeUnit.MILLISECONDS)).as(screen.text()).isTrue();
            assertThat(process.exitValue()).as(screen.text()).isZero();
            assertThat(screen.text()).doesNotContain("Exception", "internal error");
        } finally {
            process.destroyForcibly();
        }
    }

    private static void type(OutputStream keyboard, String keys) throws IOException {
        keyboard.write(keys.getBytes(StandardCharsets.UTF_8));
        keyboard.flush();
    }

    private static void copy(InputStream in, Screen screen) {
        byte[] buffer = new byte[4096];
        try {
            int n;
            while ((n = in.read(buffer)) > 0) {
                screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            screen.append("\n[terminal closed: " + e.getMessage() + "]");
        }
    }
}
