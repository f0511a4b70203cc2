package org.iopf.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;
import org.iopf.cli.chart.ThroughputChart;
import org.iopf.core.report.RunResult;

/**
 * Draws the {@code throughput.png} charts of a command that runs several scenarios on one
 * background thread, so that the next scenario simulates while the previous one's chart is drawn.
 * {@link #close()} waits for every chart and rethrows the first failure, so a command that returns
 * has written all its charts (each complete or not at all, as {@link ThroughputChart#write} does).
 */
final class ChartWriter implements AutoCloseable {
    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "iopf-charts");
        t.setDaemon(true);
        return t;
    });
    private final List<Future<?>> pending = new ArrayList<>();

    /** Queues the chart of {@code result} into {@code png}. */
    void submit(RunResult result, Path png) {
        pending.add(thread.submit(() -> ThroughputChart.write(result, png, ResultOutput.CHART_WIDTH,
                ResultOutput.CHART_HEIGHT)));
    }

    /** Waits for every queued chart; rethrows the first failure. */
    @Override
    public void close() {
        thread.shutdown();
        RuntimeException first = null;
        for (Future<?> f : pending) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                first = first != null ? first : new IllegalStateException("interrupted while writing charts", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                RuntimeException failure = cause instanceof RuntimeException r ? r
                        : new UncheckedIOException(new java.io.IOException(cause));
                first = first != null ? first : failure;
            }
        }
        pending.clear();
        if (first != null) {
            throw first;
        }
    }
}
