package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.observe.Counter;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The figures every dmaplane workload reports under the names core's reports read
 * ({@code workload.bytes}, {@code .messages}, {@code .errors}, {@code .elapsed},
 * {@code .integrity.mismatchedPages}), so that {@code throughput} is computed from them, and the
 * run's {@link WorkloadOutcome}: its operations, of which those that succeeded.
 */
final class StreamMeter {
    private final WorkloadContext context;
    private final long total;
    private final Counter messages;
    private final Counter bytes;
    private final Counter errors;
    private final Counter mismatched;
    private long completed;
    private long succeeded;
    private long startedAt = -1;
    private long lastCompletion;

    StreamMeter(WorkloadContext context, long total) {
        this.context = Objects.requireNonNull(context, "context is null");
        if (total <= 0) {
            throw new IllegalArgumentException("total must be > 0: " + total);
        }
        this.total = total;
        this.messages = context.metrics().counter(WorkloadMetrics.MESSAGES, WorkloadMetrics.OPERATIONS);
        this.bytes = context.metrics().counter(WorkloadMetrics.BYTES, WorkloadMetrics.BYTES_UNIT);
        this.errors = context.metrics().counter(WorkloadMetrics.ERRORS, WorkloadMetrics.OPERATIONS);
        this.mismatched = context.metrics().counter(WorkloadMetrics.MISMATCHED_PAGES, WorkloadMetrics.PAGES);
        context.metrics().gauge(WorkloadMetrics.ELAPSED, WorkloadMetrics.NANOSECONDS,
                () -> completed == 0 ? 0 : lastCompletion - startedAt);
    }

    void start() {
        startedAt = context.scheduler().now();
    }

    void succeeded(long delivered) {
        bytes.add(delivered);
        succeeded++;
        complete();
    }

    void failed() {
        errors.increment();
        complete();
    }

    void mismatched(long pages) {
        mismatched.add(pages);
    }

    long completed() {
        return completed;
    }

    long errors() {
        return errors.value();
    }

    /** The run's operations, of which those that succeeded, counted in {@code unit} ({@code messages}). */
    WorkloadOutcome outcome(String unit) {
        return WorkloadOutcome.of(total, succeeded, unit);
    }

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
