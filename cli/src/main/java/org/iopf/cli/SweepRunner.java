package org.iopf.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.report.RunResult;
import org.iopf.core.sweep.MetricSelection;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepPoint;
import org.iopf.core.sweep.SweepSetting;

/**
 * Runs a sweep's points on a pool of worker threads of this machine. Each run builds its own
 * simulation on its worker's thread and leases the plugins it uses for its length (through
 * {@link ScenarioExecutor}); a simulation is single-threaded and shares nothing mutable with
 * another, so a run's figures do not depend on the worker, the pool's size or the order of
 * completion. A run that fails becomes a row with its message, and the others go on.
 */
final class SweepRunner implements SweepPool {
    private final ScenarioExecutor executor;
    private final ExecutorService pool;
    private final int workers;

    /**
     * A runner with {@code workers} threads.
     *
     * @param executor runs and checks scenarios; its status output should be silent
     * @param workers {@code >= 1}
     */
    SweepRunner(ScenarioExecutor executor, int workers) {
        this.executor = Objects.requireNonNull(executor, "executor is null");
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be >= 1: " + workers);
        }
        this.workers = workers;
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "iopf-sweep-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Checks every point as {@code iopf validate} does (nodes assembled, workload created), on the
     * pool, before anything runs.
     *
     * @throws org.iopf.core.platform.file.PlatformFileException for the first bad point, at the
     *     sweep file's value it most likely comes from
     */
    void check(Sweep sweep) {
        List<Future<RuntimeException>> checks = new ArrayList<>();
        for (SweepPoint point : sweep.points()) {
            checks.add(pool.submit(() -> {
                try {
                    executor.check(point.scenario());
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            }));
        }
        for (int i = 0; i < checks.size(); i++) {
            RuntimeException problem = await(checks.get(i));
            if (problem != null) {
                if (ErrorReporter.isBadInput(problem)) {
                    throw located(sweep.points().get(i), sweep.points().size(), ErrorReporter.message(problem));
                }
                throw problem;
            }
        }
    }

    /**
     * A problem of {@code point} found after its file was read (when its nodes are assembled or its
     * workload created), placed at the sweep file's value it most likely comes from: the first of
     * the point's values whose parameter the message names, else its first value.
     */
    static PlatformFileException located(SweepPoint point, int total, String problem) {
        SweepSetting at = point.settings().stream().filter(s -> mentions(problem, s.path())).findFirst()
                .orElse(point.settings().isEmpty() ? null : point.settings().get(0));
        String context = "at point " + (point.index() + 1) + " of " + total + " (" + point.label() + "): ";
        if (at == null) {
            return new PlatformFileException(point.scenario().source(), 1, 1, "", context + problem);
        }
        return new PlatformFileException(at.source(), at.line(), at.column(), at.path(), context + problem);
    }

    private static boolean mentions(String problem, String path) {
        String last = path.substring(Math.max(path.lastIndexOf('.'), path.lastIndexOf(']')) + 1);
        return !last.isEmpty() && problem.toLowerCase(Locale.ROOT).contains(last.toLowerCase(Locale.ROOT));
    }

    /**
     * Runs {@code runs} on the pool and hands each one's row to {@code sink} on the calling thread,
     * as it completes.
     */
    @Override
    public void run(List<SweepRun> runs, MetricSelection metrics, Consumer<SweepRow> sink) {
        CompletionService<SweepRow> done = new ExecutorCompletionService<>(pool);
        for (SweepRun run : runs) {
            done.submit(() -> runOne(executor, run, metrics));
        }
        for (int i = 0; i < runs.size(); i++) {
            try {
                sink.accept(await(done.take()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the sweep ran", e);
            }
        }
    }

    /**
     * Runs {@code run} on this thread and gives its row: what a worker thread of this machine and a
     * member of a cluster both do with a run. A run that fails is a row with its message.
     */
    static SweepRow runOne(ScenarioExecutor executor, SweepRun run, MetricSelection metrics) {
        long start = System.nanoTime();
        try {
            RunResult result = executor.run(run.scenario());
            return SweepRow.of(run, result, metrics, seconds(start));
        } catch (OutOfMemoryError e) {
            return SweepRow.failed(run, "out of memory (" + e.getMessage() + "); give the JVM more heap "
                    + "(IOPF_OPTS=-Xmx8g) or run fewer workers", seconds(start));
        } catch (RuntimeException e) {
            String message = ErrorReporter.isBadInput(e) ? ErrorReporter.message(e) : "internal error: " + e;
            return SweepRow.failed(run, message, seconds(start));
        }
    }

    @Override
    public int workers() {
        return workers;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the sweep ran", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
