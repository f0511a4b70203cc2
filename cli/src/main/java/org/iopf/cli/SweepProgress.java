package org.iopf.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The progress bar of a sweep on standard error: runs done of those to run, runs failed, and the
 * time left at the pace so far, redrawn in place four times a second on one line no wider than
 * the terminal. Counts are updated by the thread that collects the results; the bar is drawn by a
 * daemon thread, and only when {@link StatusOutput#showsBar()}.
 */
final class SweepProgress implements AutoCloseable {
    private static final long PERIOD_MILLIS = 250;
    private static final int BAR = 30;

    private final PrintWriter err;
    private final String label;
    private final int total;
    private final int columns;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer;
    private int done;
    private int failed;
    private boolean drawn;
    private boolean closed;

    private SweepProgress(PrintWriter err, String label, int total, int columns, boolean draw) {
        this.err = Objects.requireNonNull(err, "err is null");
        this.label = Objects.requireNonNull(label, "label is null");
        this.total = total;
        this.columns = columns;
        if (draw) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "iopf-sweep-progress");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleAtFixedRate(this::draw, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        } else {
            timer = null;
        }
    }

    /** A bar over {@code total} runs, drawn only if {@code status} shows bars. */
    static SweepProgress start(StatusOutput status, String label, int total) {
        return new SweepProgress(status.err(), label, total, status.width(), status.showsBar());
    }

    /** Counts a finished run. */
    synchronized void finished(boolean ok) {
        done++;
        if (!ok) {
            failed++;
        }
    }

    private synchronized void draw() {
        if (closed) {
            return;
        }
        String text = line(label, done, failed, total, (System.nanoTime() - startNanos) / 1e9, columns);
        err.print("\r" + text + " ".repeat(Math.max(0, columns - 1 - text.length())));
        err.flush();
        drawn = true;
    }

    /**
     * One line of the bar, cut to {@code columns - 1}: {@code NAME [####......] 12/40 runs, 1 failed, ETA 1m20s}.
     *
     * @param elapsedSeconds wall time since the first run started
     */
    static String line(String label, int done, int failed, int total, double elapsedSeconds, int columns) {
        int filled = total == 0 ? BAR : (int) Math.round((double) done / total * BAR);
        String eta = done == 0 ? "ETA ?" : "ETA " + duration(elapsedSeconds / done * (total - done));
        String text = String.format(Locale.ROOT, "%s [%s%s] %d/%d runs, %d failed, %s", label, "#".repeat(filled),
                ".".repeat(BAR - filled), done, total, failed, eta);
        return text.length() < columns ? text : text.substring(0, Math.max(0, columns - 1));
    }

    /** Seconds as {@code 45s}, {@code 3m05s} or {@code 2h07m}. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (timer != null) {
            timer.shutdownNow();
        }
        if (drawn) {
            err.print("\r" + " ".repeat(Math.max(0, columns - 1)) + "\r");
            err.flush();
        }
    }
}
