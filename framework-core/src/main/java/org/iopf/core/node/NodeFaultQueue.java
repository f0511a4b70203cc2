package org.iopf.core.node;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.fault.FaultSink;
import org.iopf.api.sim.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node-owned fault queue. Devices raise faults into it; it hands them to the node's fault
 * handler in FIFO order in a separate event at the same simulated time, so that a handler that
 * answers at once never re-enters the device that raised the fault. A node without a fault handler
 * terminates every fault (and says so once in the log): a fault is never forgotten.
 */
public final class NodeFaultQueue implements FaultSink {
    private static final Logger LOG = LoggerFactory.getLogger(NodeFaultQueue.class);

    private final String node;
    private final Scheduler scheduler;
    private final ArrayDeque<PageFault> pending = new ArrayDeque<>();
    private FaultHandler handler;
    private boolean deliveryScheduled;
    private boolean warnedNoHandler;
    private long nextId = 1;
    private long raised;

    /**
     * Creates the queue of one node.
     *
     * @param node the node's name, for messages
     * @param scheduler the simulation's scheduler
     */
    public NodeFaultQueue(String node, Scheduler scheduler) {
        this.node = Objects.requireNonNull(node, "node is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
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
        pending.addLast(fault);
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
}
