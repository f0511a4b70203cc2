package org.iopf.core.node;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.fault.PageFault;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node-owned fault queue. Devices raise faults into it; it hands them to the node's fault
 * handler in FIFO order in a separate event at the same simulated time, so that a handler that
 * answers at once never re-enters the device that raised the fault. A node without a fault handler
 * terminates every fault (and says so once in the log): a fault is never forgotten.
 *
 * <p>It also accounts for every fault, in the node's metrics scope:
 * <ul>
 *   <li>{@code faultQueue.<kind>} (counter, faults): faults raised, one counter per {@link FaultKind}
 *       in lower case ({@code faultQueue.translation}), registered up front so that zeros show;</li>
 *   <li>{@code faultQueue.resolution} (histogram, ns): from the raise to the moment the fault's
 *       resolution listener is called, whatever the outcome;</li>
 *   <li>{@code faultQueue.retried} and {@code faultQueue.terminated} (counters, faults): how faults ended.</li>
 * </ul>
 * It measures the resolution by handing the handler a {@link PageFault} whose listener records
 * and then calls the device's listener; the record is the device's own.
 *
 * <p>With an enabled {@link Tracer} it records, per the naming convention of {@link Tracer}: the
 * instant {@code fault/<KIND>} on the detecting component's track ({@link FaultRecord#source()})
 * when a fault is raised; the slice {@code fault/resolution} from the raise to the resolution and
 * the instant {@code fault/retry} or {@code fault/terminate} on the queue's track
 * ({@code node1/faultQueue}); and the counter {@code outstanding} (faults raised and not yet
 * resolved) on that track. All carry the fault's id as their flow id.
 *
 * <p>Fault ids come from a supplier that the simulation shares between all of its nodes' queues,
 * so they are unique within a run; a queue made without one counts from 1 on its own.
 */
public final class NodeFaultQueue implements FaultSink {
    /**
     * The scope of the queue's metrics under the node ({@code node1.faultQueue.translation}); not
     * {@code faults}, which platforms commonly name their fault-handler component.
     */
    public static final String METRIC_SCOPE = "faultQueue";

    private static final Logger LOG = LoggerFactory.getLogger(NodeFaultQueue.class);

    private final String node;
    private final Scheduler scheduler;
    private final LongSupplier faultIds;
    private final Tracer tracer;
    private final String track;
    private final String[] raiseNames;
    private final ArrayDeque<PageFault> pending = new ArrayDeque<>();
    private final Counter[] raisedByKind;
    private final Histogram resolution;
    private final Counter retried;
    private final Counter terminated;
    private FaultHandler handler;
    private boolean deliveryScheduled;
    private boolean warnedNoHandler;
    private long raised;
    private long outstanding;

    /**
     * Creates the queue of one node.
     *
     * @param node the node's name, for messages; not null
     * @param scheduler the simulation's scheduler; not null
     * @param metrics the node's metrics scope ({@code node1}); the queue registers its
     *     {@code faultQueue.*} metrics in it; not null
     */
    public NodeFaultQueue(String node, Scheduler scheduler, Metrics metrics) {
        this(node, scheduler, metrics, new long[] {1}, Tracer.NONE);
    }

    private NodeFaultQueue(String node, Scheduler scheduler, Metrics metrics, long[] ownCounter, Tracer tracer) {
        this(node, scheduler, metrics, () -> ownCounter[0]++, tracer);
    }

    /**
     * Creates the queue of one node that takes fault ids from {@code faultIds} and traces into
     * {@code tracer}.
     *
     * @param node the node's name, for messages and its track ({@code node1/faultQueue}); not null
     * @param scheduler the simulation's scheduler; not null
     * @param metrics the node's metrics scope ({@code node1}); not null
     * @param faultIds the source of fault ids, shared by every queue of the run so that ids are
     *     unique within it; each call returns a fresh positive id; not null
     * @param tracer the run's tracer; not null
     */
    public NodeFaultQueue(String node, Scheduler scheduler, Metrics metrics, LongSupplier faultIds, Tracer tracer) {
        this.node = Objects.requireNonNull(node, "node is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.faultIds = Objects.requireNonNull(faultIds, "faultIds is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = node + "/" + METRIC_SCOPE;
        Objects.requireNonNull(metrics, "metrics is null");
        Metrics faults = metrics.scope(METRIC_SCOPE);
        FaultKind[] kinds = FaultKind.values();
        this.raisedByKind = new Counter[kinds.length];
        this.raiseNames = new String[kinds.length];
        for (FaultKind kind : kinds) {
            raisedByKind[kind.ordinal()] = faults.counter(kind.name().toLowerCase(Locale.ROOT), "faults");
            raiseNames[kind.ordinal()] = "fault/" + kind.name();
        }
        this.resolution = faults.histogram("resolution", "ns");
        this.retried = faults.counter("retried", "faults");
        this.terminated = faults.counter("terminated", "faults");
    }

    /** Connects the node's fault handler; until then (or without one) faults are terminated. */
    public void connect(FaultHandler faultHandler) {
        this.handler = Objects.requireNonNull(faultHandler, "faultHandler is null");
    }

    @Override
    public long nextFaultId() {
        return faultIds.getAsLong();
    }

    @Override
    public void raise(PageFault fault) {
        Objects.requireNonNull(fault, "fault is null");
        raised++;
        raisedByKind[fault.record().kind().ordinal()].increment();
        outstanding++;
        if (tracer.enabled()) {
            FaultRecord record = fault.record();
            tracer.instant(record.source(), raiseNames[record.kind().ordinal()], record.id());
            tracer.counter(track, "outstanding", outstanding);
        }
        pending.addLast(new PageFault(fault.record(), new TimedListener(fault.listener(), scheduler.now())));
        if (!deliveryScheduled) {
            deliveryScheduled = true;
            scheduler.schedule(0, this::deliver);
        }
    }

    @Override
    public void handledByDevice(long id, FaultKind kind, long raisedAtNanos, FaultResolution outcome) {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(outcome, "outcome is null");
        long now = scheduler.now();
        if (raisedAtNanos > now) {
            throw new IllegalArgumentException("raisedAtNanos " + raisedAtNanos + " is after now " + now);
        }
        raised++;
        raisedByKind[kind.ordinal()].increment();
        resolution.record(now - raisedAtNanos);
        (outcome == FaultResolution.RETRY ? retried : terminated).increment();
        if (tracer.enabled()) {
            tracer.slice(track, "fault/resolution", raisedAtNanos, now - raisedAtNanos, id);
            tracer.instant(track, outcome == FaultResolution.RETRY ? "fault/retry" : "fault/terminate", id);
        }
    }

    private void deliver() {
        deliveryScheduled = false;
        PageFault fault;
        while ((fault = pending.pollFirst()) != null) {
            if (handler != null) {
                handler.handle(fault);
            } else {
                if (!warnedNoHandler) {
                    warnedNoHandler = true;
                    LOG.warn("node {} has no fault handler: device page faults are terminated", node);
                }
                fault.terminate();
            }
        }
    }

    @Override
    public long raised() {
        return raised;
    }

    /** Faults raised and not yet handed to the handler. */
    public int waiting() {
        return pending.size();
    }

    /** Records how and when a fault ended, once, then tells the device's listener. */
    private final class TimedListener implements FaultResolutionListener {
        private final FaultResolutionListener device;
        private final long raisedAt;
        private boolean heard;

        TimedListener(FaultResolutionListener device, long raisedAt) {
            this.device = device;
            this.raisedAt = raisedAt;
        }

        @Override
        public void resolved(FaultRecord fault, FaultResolution outcome) {
            if (!heard) {
                heard = true;
                long now = scheduler.now();
                resolution.record(now - raisedAt);
                (outcome == FaultResolution.RETRY ? retried : terminated).increment();
                outstanding--;
                if (tracer.enabled()) {
                    tracer.slice(track, "fault/resolution", raisedAt, now - raisedAt, fault.id());
                    tracer.instant(track, outcome == FaultResolution.RETRY ? "fault/retry" : "fault/terminate",
                            fault.id());
                    tracer.counter(track, "outstanding", outstanding);
                }
            }
            device.resolved(fault, outcome);
        }
    }
}
