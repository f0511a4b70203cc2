package org.iopf.toolkit.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;

/**
 * The measurements a workload makes under the standard names of {@link WorkloadMetrics}, so that
 * one report reads every workload (each under {@code workload.}): operations completed
 * ({@code messages}), bytes the successful ones delivered ({@code bytes}), those that failed
 * ({@code errors}), pages found different at the end ({@code integrity.mismatchedPages}) and the
 * time from the start of traffic to the last completion ({@code elapsed}); with
 * {@link #withLatencyAndResidency}, also each success's latency ({@code latency}) and how much of
 * the working set was resident and pinned when traffic started ({@code start.residentBytes},
 * {@code start.pinnedBytes}). It reports progress to the context as operations complete and gives
 * the workload's {@link WorkloadOutcome}.
 */
public final class WorkloadMeter {
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

    private WorkloadMeter(WorkloadContext context, long total, boolean latencyAndResidency) {
        this.context = requireNonNull(context, "context is null");
        if (total <= 0) {
            throw new IllegalArgumentException("total must be > 0: " + total);
        }
        this.total = total;
        this.messages = WorkloadMetrics.MESSAGES_COUNTER.counter(context.metrics());
        this.bytes = WorkloadMetrics.BYTES_COUNTER.counter(context.metrics());
        this.errors = WorkloadMetrics.ERRORS_COUNTER.counter(context.metrics());
        this.mismatchedPages = WorkloadMetrics.MISMATCHED_PAGES_COUNTER.counter(context.metrics());
        if (latencyAndResidency) {
            this.startResident = WorkloadMetrics.START_RESIDENT_BYTES_COUNTER.counter(context.metrics());
            this.startPinned = WorkloadMetrics.START_PINNED_BYTES_COUNTER.counter(context.metrics());
            this.latency = WorkloadMetrics.LATENCY_HISTOGRAM.histogram(context.metrics());
        } else {
            this.startResident = null;
            this.startPinned = null;
            this.latency = null;
        }
        WorkloadMetrics.ELAPSED_GAUGE.gauge(context.metrics(),
                () -> completed == 0 ? 0 : lastCompletion - startedAt);
    }

    /**
     * A meter of the five standard figures.
     *
     * @param context the workload's context
     * @param total operations the run will complete, {@code > 0}, for progress and the outcome
     * @return the meter
     */
    public static WorkloadMeter of(WorkloadContext context, long total) {
        return new WorkloadMeter(context, total, false);
    }

    /**
     * A meter that also records each success's latency and the working set's residency at the start.
     *
     * @param context the workload's context
     * @param total operations the run will complete, {@code > 0}
     * @return the meter
     */
    public static WorkloadMeter withLatencyAndResidency(WorkloadContext context, long total) {
        return new WorkloadMeter(context, total, true);
    }

    /** Marks now as the start of traffic. */
    public void start() {
        startedAt = context.scheduler().now();
    }

    /**
     * Records the prepared working set and marks now as the start of traffic.
     *
     * @param residentBytes bytes of the working set resident now
     * @param pinnedBytes bytes of it pinned now
     * @throws IllegalStateException on a meter made with {@link #of}
     */
    public void start(long residentBytes, long pinnedBytes) {
        if (startResident == null) {
            throw new IllegalStateException("this meter records no residency; make it withLatencyAndResidency");
        }
        startResident.add(residentBytes);
        startPinned.add(pinnedBytes);
        start();
    }

    /**
     * An operation completed now, delivering {@code delivered} bytes.
     *
     * @param delivered the bytes it delivered
     */
    public void succeeded(long delivered) {
        bytes.add(delivered);
        succeeded++;
        complete();
    }

    /**
     * An operation completed now, delivering {@code delivered} bytes after {@code latencyNanos}.
     *
     * @param delivered the bytes it delivered
     * @param latencyNanos its latency
     * @throws IllegalStateException on a meter made with {@link #of}
     */
    public void succeeded(long delivered, long latencyNanos) {
        if (latency == null) {
            throw new IllegalStateException("this meter records no latency; make it withLatencyAndResidency");
        }
        latency.record(latencyNanos);
        succeeded(delivered);
    }

    /** An operation completed now with an error. */
    public void failed() {
        errors.increment();
        complete();
    }

    /**
     * Adds pages found mismatched by the integrity check.
     *
     * @param pages the pages
     */
    public void mismatched(long pages) {
        mismatchedPages.add(pages);
    }

    /**
     * Operations completed so far, successfully or not.
     *
     * @return the count
     */
    public long completed() {
        return completed;
    }

    /**
     * Operations that completed with an error so far.
     *
     * @return the count
     */
    public long errors() {
        return errors.value();
    }

    /**
     * Whether every operation of the run has completed.
     *
     * @return true once {@code total} have
     */
    public boolean isDone() {
        return completed >= total;
    }

    /**
     * The run's operations, of which those that succeeded.
     *
     * @param unit what an operation is ({@code messages}, {@code blocks}), not blank
     * @return the outcome
     */
    public WorkloadOutcome outcome(String unit) {
        return WorkloadOutcome.of(total, succeeded, unit);
    }

    /**
     * The run's operations, of which those that succeeded; the operations started and never
     * completed are a problem ({@code 4 messages posted and never completed}).
     *
     * @param unit what an operation is, not blank
     * @param started operations the workload started (posted, submitted, sent)
     * @param neverCompleted how to say that one was started and never completed
     * @return the outcome
     */
    public WorkloadOutcome outcome(String unit, long started, String neverCompleted) {
        WorkloadOutcome outcome = outcome(unit);
        long open = started - completed;
        return open <= 0 ? outcome : outcome.withProblem(open + " " + unit + " " + neverCompleted);
    }

    private void complete() {
        completed++;
        lastCompletion = context.scheduler().now();
        messages.increment();
        context.progress(completed, total);
    }
}
