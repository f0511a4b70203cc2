package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.WorkPriority;

/**
 * A {@link CpuCore} with a non-preemptive run queue: a work item runs to completion; when the core
 * becomes free it takes the oldest queued item of the highest {@link WorkPriority}
 * ({@code INTERRUPT} first, {@code USER} last).
 *
 * <p>When an item finishes, its {@code onDone} runs first and only then does the core pick the next
 * item, so that work submitted by {@code onDone} at the completion instant (an ISR that raises a
 * tasklet) competes with the queued items by priority instead of starting ahead of them.
 *
 * <p>With an enabled {@link Tracer}, every work item that finishes is recorded as a slice named by
 * its label, with its flow id, on the core's track ({@code node1/a53.0}), and the counter
 * {@code runQueue} (items queued, not running) when it changes; with a disabled one the core builds
 * nothing for the trace.
 *
 * @since 0.1
 */
public final class SimCpuCore implements CpuCore {
    private static final WorkPriority[] PRIORITIES = WorkPriority.values();

    /** A queued work item (the running one is kept in fields, so an item started at once costs no object). */
    private record Work(String label, long cpuNanos, long flowId, Event onDone) {
    }

    private final Scheduler scheduler;
    private final String name;
    private final String cluster;
    private final Tracer tracer;
    private final String track;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Work>[] queues = new ArrayDeque[PRIORITIES.length];
    private final long[] queuedNanos = new long[PRIORITIES.length];
    private final Event completion = this::complete;
    private int queued;

    /** Whether a work item runs now; its label, flow id and completion event follow (no object for it). */
    private boolean running;
    private String currentLabel;
    private long currentFlowId;
    private Event currentOnDone;
    private long currentStart;
    private long currentEnd;
    private boolean completing;
    private long finishedBusyNanos;
    private long completedItems;

    /**
     * Creates an idle core.
     *
     * @param scheduler the simulation's scheduler, not null
     * @param name the core's name within its node ({@code a53.0}), not null
     * @param cluster its cluster ({@code a53}), not null
     */
    public SimCpuCore(Scheduler scheduler, String name, String cluster) {
        this(scheduler, name, cluster, Tracer.NONE, name);
    }

    /**
     * Creates an idle core that records its work items as slices on {@code track}.
     *
     * @param scheduler the simulation's scheduler, not null
     * @param name the core's name within its node ({@code a53.0}), not null
     * @param cluster its cluster ({@code a53}), not null
     * @param tracer the run's tracer, not null; {@link Tracer#NONE} to record nothing
     * @param track the core's track ({@code node1/a53.0}), not null
     */
    public SimCpuCore(Scheduler scheduler, String name, String cluster, Tracer tracer, String track) {
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        this.name = requireNonNull(name, "name is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.tracer = requireNonNull(tracer, "tracer is null");
        this.track = requireNonNull(track, "track is null");
        for (int i = 0; i < queues.length; i++) {
            queues[i] = new ArrayDeque<>();
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String cluster() {
        return cluster;
    }

    @Override
    public long run(String label, WorkPriority priority, long cpuNanos, Event onDone) {
        return run(label, priority, cpuNanos, 0, onDone);
    }

    @Override
    public long run(String label, WorkPriority priority, long cpuNanos, long flowId, Event onDone) {
        requireNonNull(label, "label is null");
        requireNonNull(priority, "priority is null");
        if (cpuNanos < 0) {
            throw new IllegalArgumentException("cpuNanos must be >= 0: " + cpuNanos);
        }
        if (!running && !completing) {
            start(label, cpuNanos, flowId, onDone);
            return currentEnd;
        }
        int p = priority.ordinal();
        queues[p].addLast(new Work(label, cpuNanos, flowId, onDone));
        queuedNanos[p] += cpuNanos;
        queued++;
        if (tracer.enabled()) {
            tracer.counter(track, "runQueue", queued);
        }
        long finish = running ? currentEnd : scheduler.now();
        for (int i = 0; i <= p; i++) {
            finish += queuedNanos[i];
        }
        return finish;
    }

    @Override
    public int queued() {
        return queued;
    }

    /** Whether a work item is running now. */
    public boolean busy() {
        return running;
    }

    /** Number of work items that have finished. */
    public long completedItems() {
        return completedItems;
    }

    @Override
    public long busyNanos() {
        return finishedBusyNanos + (running ? scheduler.now() - currentStart : 0);
    }

    @Override
    public double utilisation() {
        long now = scheduler.now();
        return now == 0 ? 0.0 : busyNanos() / (double) now;
    }

    private void start(String label, long cpuNanos, long flowId, Event onDone) {
        running = true;
        currentLabel = label;
        currentFlowId = flowId;
        currentOnDone = onDone;
        currentStart = scheduler.now();
        currentEnd = currentStart + cpuNanos;
        scheduler.scheduleAt(currentEnd, completion);
    }

    private void complete() {
        Event onDone = currentOnDone;
        finishedBusyNanos += currentEnd - currentStart;
        completedItems++;
        if (tracer.enabled()) {
            tracer.slice(track, currentLabel, currentStart, currentEnd - currentStart, currentFlowId);
        }
        running = false;
        currentLabel = null;
        currentOnDone = null;
        completing = true;
        try {
            if (onDone != null) {
                onDone.fire();
            }
        } finally {
            completing = false;
        }
        startNext();
    }

    private void startNext() {
        for (int p = 0; p < queues.length; p++) {
            Work next = queues[p].pollFirst();
            if (next != null) {
                queuedNanos[p] -= next.cpuNanos();
                queued--;
                if (tracer.enabled()) {
                    tracer.counter(track, "runQueue", queued);
                }
                start(next.label(), next.cpuNanos(), next.flowId(), next.onDone());
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "SimCpuCore[" + name + "]";
    }
}
