package org.iopf.core.node;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Objects;
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
    private final ArrayDeque<PageFault> pending = new ArrayDeque<>();
    private final Counter[] raisedByKind;
    private final Histogram resolution;
    private final Counter retried;
    private final Counter terminated;
    private FaultHandler handler;
    private boolean deliveryScheduled;
    private boolean warnedNoHandler;
    private long nextId = 1;
    private long raised;

    /**
     * Creates the queue of one node.
     *
     * @param node the node's name, for messages; not null
     * @param scheduler the simulation's scheduler; not null
     * @param metrics the node's metrics scope ({@code node1}); the queue registers its
     *     {@code faultQueue.*} metrics in it; not null
     */
    public NodeFaultQueue(String node, Scheduler scheduler, Metrics metrics) {
        this.node = Objects.requireNonNull(node, "node is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        Objects.requireNonNull(metrics, "metrics is null");
        Metrics faults = metrics.scope(METRIC_SCOPE);
        FaultKind[] kinds = FaultKind.values();
        this.raisedByKind = new Counter[kinds.length];
        for (FaultKind kind : kinds) {
            raisedByKind[kind.ordinal()] = faults.counter(kind.name().toLowerCase(Locale.ROOT), "faults");
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
        return nextId++;
    }

    @Override
    public void raise(PageFault fault) {
        Objects.requireNonNull(fault, "fault is null");
        raised++;
        raisedByKind[fault.record().kind().ordinal()].increment();
        pending.addLast(new PageFault(fault.record(), new TimedListener(fault.listener(), scheduler.now())));
        if (!deliveryScheduled) {
            deliveryScheduled = true;
            scheduler.schedule(0, this::deliver);
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
                resolution.record(scheduler.now() - raisedAt);
                (outcome == FaultResolution.RETRY ? retried : terminated).increment();
            }
            device.resolved(fault, outcome);
        }
    }
}
