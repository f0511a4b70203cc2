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
 * second, redrawn in place four
 * times a second. It reads the simulation from a daemon thread and never touches it otherwise, so
 * the run stays deterministic. Runs shorter than the delay draw no bar; {@link ScenarioExecutor}
 * prints the run's speed report on one line when any run ends.
 */
final class ProgressBar implements AutoCloseable {
    private static final long DELAY_MILLIS = 1000;
    private static final long PERIOD_MILLIS = 250;
    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final Simulation simulation;
    private final String label;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer;
    private boolean drawn;
    private boolean closed;

    private ProgressBar(PrintWriter err, Simulation simulation, String label) {
        this.err = Objects.requireNonNull(err, "err is null");
        this.simulation = Objects.requireNonNull(simulation, "simulation is null");
        this.label = Objects.requireNonNull(label, "label is null");
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "iopf-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::draw, DELAY_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Starts showing the progress of {@code simulation} after a second. */
    static ProgressBar start(PrintWriter err, Simulation simulation, String label) {
        return new ProgressBar(err, simulation, label);
    }

    private synchronized void draw() {
        if (closed) {
            return;
        }
        double fraction = simulation.workload().map(SimWorkloadContext::progressFraction).orElse(-1.0);
        long events = simulation.kernel().executedEvents();
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        StringBuilder line = new StringBuilder("\r").append(label).append(' ');
        if (fraction >= 0) {
            int filled = (int) Math.round(fraction * WIDTH);
            line.append('[').append("#".repeat(filled)).append(".".repeat(WIDTH - filled)).append("] ")
                    .append(String.format(Locale.ROOT, "%3.0f%% ", fraction * 100));
        }
        long simNanos = simulation.kernel().now();
        line.append(String.format(Locale.ROOT, " sim %s  %,d events  %.2f M events/s  %.3g sim s/s  %.0f s",
                Time.format(simNanos), events, events / wallSeconds / 1e6, simNanos / 1e9 / wallSeconds, wallSeconds));
        err.print(line);
        err.flush();
        drawn = true;
    }

    @Override
    public synchronized void close() {
        closed = true;
        timer.shutdownNow();
        if (drawn) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
        }
    }
}
