package org.iopf.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.iopf.api.sim.Time;
import org.iopf.core.run.SimWorkloadContext;
import org.iopf.core.run.Simulation;

/**
 * A progress bar on standard error for runs longer than a second: the workload's reported
 * progress, simulated time, events executed, events per wall second and simulated seconds per wall
 * second, redrawn in place four times a second on one line no wider than the terminal. It reads
 * the simulation from a daemon thread and never touches it otherwise, so the run stays
 * deterministic. Runs shorter than the delay draw no bar; {@link StatusOutput} decides whether
 * there is a bar at all (only on a terminal), and {@link ScenarioExecutor} prints the run's speed
 * report on one line when any run ends.
 */
final class ProgressBar implements AutoCloseable {
    private static final long DELAY_MILLIS = 1000;
    private static final long PERIOD_MILLIS = 250;
    /** The widest and narrowest bar; narrower than that, the line has no bar, only figures. */
    private static final int MAX_BAR = 30;
    private static final int MIN_BAR = 10;

    private final PrintWriter err;
    private final Simulation simulation;
    private final String label;
    private final int columns;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer;
    private boolean drawn;
    private boolean closed;

    private ProgressBar(PrintWriter err, Simulation simulation, String label, int columns) {
        this.err = Objects.requireNonNull(err, "err is null");
        this.simulation = Objects.requireNonNull(simulation, "simulation is null");
        this.label = Objects.requireNonNull(label, "label is null");
        this.columns = columns;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "iopf-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::draw, DELAY_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts showing the progress of {@code simulation} after a second.
     *
     * @param columns the terminal's width; every line drawn is at most {@code columns - 1} long
     */
    static ProgressBar start(PrintWriter err, Simulation simulation, String label, int columns) {
        return new ProgressBar(err, simulation, label, columns);
    }

    private synchronized void draw() {
        if (closed) {
            return;
        }
        double fraction = simulation.workload().map(SimWorkloadContext::progressFraction).orElse(-1.0);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        String text = line(label, fraction, simulation.kernel().now(), simulation.kernel().executedEvents(),
                wallSeconds, columns);
        err.print("\r" + text + " ".repeat(Math.max(0, columns - 1 - text.length())));
        err.flush();
        drawn = true;
    }

    /**
     * One line of the bar: the label, a bar as wide as the terminal leaves room for (none when that
     * is under {@value #MIN_BAR}), the percentage and the figures, cut to {@code columns - 1} so
     * that the terminal never wraps it (a wrapped line cannot be redrawn in place).
     *
     * @param fraction the workload's progress in [0, 1], or negative when it reports none
     * @param columns the terminal's width, {@code >= 1}
     */
    static String line(String label, double fraction, long simNanos, long events, double wallSeconds, int columns) {
        String figures = String.format(Locale.ROOT, " sim %s  %,d events  %.2f M events/s  %.3g sim s/s  %.0f s",
                Time.format(simNanos), events, events / wallSeconds / 1e6, simNanos / 1e9 / wallSeconds, wallSeconds);
        StringBuilder line = new StringBuilder(label).append(' ');
        if (fraction >= 0) {
            String percent = String.format(Locale.ROOT, "%3.0f%% ", fraction * 100);
            int bar = Math.min(MAX_BAR, columns - 1 - line.length() - percent.length() - figures.length() - 3);
            if (bar >= MIN_BAR) {
                int filled = (int) Math.round(Math.min(1, fraction) * bar);
                line.append('[').append("#".repeat(filled)).append(".".repeat(bar - filled)).append("] ");
            }
            line.append(percent);
        }
        line.append(figures);
        return line.length() < columns ? line.toString() : line.substring(0, Math.max(0, columns - 1));
    }

    @Override
    public synchronized void close() {
        closed = true;
        timer.shutdownNow();
        if (drawn) {
            err.print("\r" + " ".repeat(Math.max(0, columns - 1)) + "\r");
            err.flush();
        }
    }
}
