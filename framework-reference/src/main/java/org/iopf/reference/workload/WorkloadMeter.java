package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The measurements every built-in workload makes, under the standard names of
 * {@link WorkloadMetrics} so that one report reads them all (each under {@code workload.}):
 * <ul>
 *   <li>{@code messages} (operations): operations completed, successfully or not;
 *   <li>{@code bytes} (bytes): bytes the successful operations delivered;
 *   <li>{@code errors} (operations): operations that completed with an error;
 *   <li>{@code latency} (ns): histogram of the successful operations' latencies;
 *   <li>{@code elapsed} (ns, gauge): last completion minus the start of traffic;
 *   <li>{@code integrity.mismatchedPages} (pages): pages whose contents differ at the end;
 *   <li>{@code start.residentBytes}, {@code start.pinnedBytes} (bytes): how much of the working
 *       set was resident and pinned when traffic started.
 * </ul>
 * It also reports progress to the context as operations complete, and gives the workload's
 * {@link WorkloadOutcome}: the run's operations, of which those that succeeded.
 */
final class WorkloadMeter {
    private final WorkloadContext context;
    private final long total;
    private final Counter messages;
    private final Counter bytes;
    private final Counter errors;
    private final Counter mismatchedPages;
    private final Counter startResident;
    private final Counter startPinned;
    private final Histogram latency;
    private long completed;
    private long succeeded;
    private long startedAt;
    private long lastCompletion;

    /**
     * Registers the metrics.
     *
     * @param context the workload's context, not null
     * @param total operations the run will complete, {@code > 0}, for progress
     */
    WorkloadMeter(WorkloadContext context, long total) {
        this.context = requireNonNull(context, "context is null");
        if (total <= 0) {
            throw new IllegalArgumentException("total must be > 0: " + total);
        }
        this.total = total;
        this.messages = context.metrics().counter(WorkloadMetrics.MESSAGES, WorkloadMetrics.OPERATIONS);
        this.bytes = context.metrics().counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT);
        this.errors = context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        this.mismatchedPages = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        this.startResident = context.metrics().counter(WorkloadMetrics.START_RESIDENT_BYTES,
                WorkloadMetrics.BYTES_UNIT);
        this.startPinned = context.metrics().counter(WorkloadMetrics.START_PINNED_BYTES, WorkloadMetrics.BYTES_UNIT);
        this.latency = context.metrics().histogram(WorkloadMetrics.LATENCY, WorkloadMetrics.NANOSECONDS);
        context.metrics().gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS,
                () -> completed == 0 ? 0 : lastCompletion - startedAt);
    }

    /** Records the prepared working set and marks now as the start of traffic. */
    void start(WorkingSet workingSet) {
        requireNonNull(workingSet, "workingSet is null");
        startResident.add(workingSet.residentBytes());
        startPinned.add(workingSet.pinnedBytes());
        startedAt = context.scheduler().now();
    }

    /** An operation completed now, delivering {@code delivered} bytes after {@code latencyNanos}. */
    void succeeded(long delivered, long latencyNanos) {
        bytes.add(delivered);
        latency.record(latencyNanos);
        succeeded++;
        complete();
    }

    /** An operation completed now with an error. */
    void failed() {
        errors.increment();
        complete();
    }

    /** Adds pages found mismatched by the integrity check. */
    void mismatched(long pages) {
        mismatchedPages.add(pages);
    }

    /** Operations completed so far. */
    long completed() {
        return completed;
    }

    /**
     * The run's operations, of which those that succeeded, counted in {@code unit}; the operations
     * started and never completed are a problem ({@code 4 messages posted and never completed}).
     *
     * @param unit what an operation is ({@code messages}, {@code blocks}), not blank
     * @param started operations the workload started (posted, submitted, sent)
     * @param neverCompleted how to say that one was started and never completed
     */
    WorkloadOutcome outcome(String unit, long started, String neverCompleted) {
        WorkloadOutcome outcome = WorkloadOutcome.of(total, succeeded, unit);
        long open = started - completed;
        return open <= 0 ? outcome : outcome.withProblem(open + " " + unit + " " + neverCompleted);
    }

    /** Whether every operation of the run has completed. */
    boolean isDone() {
        return completed >= total;
    }

    private void complete() {
        completed++;
        lastCompletion = context.scheduler().now();
        messages.increment();
        context.progress(completed, total);
    }
}
