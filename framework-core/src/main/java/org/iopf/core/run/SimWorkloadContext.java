package org.iopf.core.run;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.sim.EventKernel;

/**
 * The context of one workload in a {@link Simulation}. When the workload finishes, the kernel is
 * stopped, so that periodic events (timers, pollers) do not keep the run alive. When the run has
 * ended it keeps the workload's {@link WorkloadOutcome} and publishes it as the gauges
 * {@code workload.requested} and {@code workload.completed} (in the outcome's unit).
 */
public final class SimWorkloadContext implements WorkloadContext {
    private final EventKernel kernel;
    private final Parameters parameters;
    private final List<Node> nodes;
    private final RandomGenerator random;
    private final Metrics metrics;
    private final Tracer tracer;
    private long finishedAt = -1;
    private Optional<WorkloadOutcome> outcome = Optional.empty();
    private boolean concluded;
    private volatile long progressDone;
    private volatile long progressTotal;

    SimWorkloadContext(EventKernel kernel, Parameters parameters, List<Node> nodes, RandomGenerator random,
            Metrics metrics, Tracer tracer) {
        this.kernel = Objects.requireNonNull(kernel, "kernel is null");
        this.parameters = Objects.requireNonNull(parameters, "parameters is null");
        this.nodes = List.copyOf(nodes);
        this.random = Objects.requireNonNull(random, "random is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
    }

    @Override
    public Parameters parameters() {
        return parameters;
    }

    @Override
    public Scheduler scheduler() {
        return kernel;
    }

    @Override
    public List<Node> nodes() {
        return nodes;
    }

    @Override
    public Optional<Node> node(String name) {
        return nodes.stream().filter(n -> n.id().name().equals(name)).findFirst();
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Metrics metrics() {
        return metrics;
    }

    @Override
    public Tracer tracer() {
        return tracer;
    }

    @Override
    public void finish() {
        if (finishedAt < 0) {
            finishedAt = kernel.now();
            kernel.stop();
        }
    }

    @Override
    public void progress(long done, long total) {
        if (total <= 0 || done < 0 || done > total) {
            throw new IllegalArgumentException("progress must satisfy 0 <= done <= total, total > 0: " + done
                    + " of " + total);
        }
        progressDone = done;
        progressTotal = total;
    }

    /**
     * The last progress the workload reported, as a fraction in [0, 1], or -1 if it reported none.
     * Safe to read from another thread (a progress display).
     */
    public double progressFraction() {
        long total = progressTotal;
        return total <= 0 ? -1 : (double) progressDone / total;
    }

    /**
     * Keeps what the workload stated when the run ended and publishes its counts as gauges; called
     * once, by {@link Simulation#run}.
     */
    void conclude(Optional<WorkloadOutcome> stated) {
        Objects.requireNonNull(stated, "stated is null");
        if (concluded) {
            throw new IllegalStateException("the workload's outcome was taken already");
        }
        concluded = true;
        outcome = stated;
        stated.ifPresent(o -> {
            metrics.gauge("requested", o.unit(), o::requested);
            metrics.gauge("completed", o.unit(), o::completed);
        });
    }

    /**
     * What the workload said, when the run ended, it was asked and completed; empty while it runs
     * and when it states nothing.
     */
    public Optional<WorkloadOutcome> outcome() {
        return outcome;
    }

    /** Whether the workload said it finished. */
    public boolean isFinished() {
        return finishedAt >= 0;
    }

    /** The simulated time at which it finished, or -1. */
    public long finishedAt() {
        return finishedAt;
    }
}
