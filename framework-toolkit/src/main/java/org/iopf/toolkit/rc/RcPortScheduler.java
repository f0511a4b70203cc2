package org.iopf.toolkit.rc;

import java.util.Objects;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.Packet;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * A NIC port shared by its queue pairs: those with something to send take turns, round robin,
 * one packet at a time, each packet sent when the port's transmitter is free.
 */
public final class RcPortScheduler {
    /** Told of each packet put on the port. */
    @FunctionalInterface
    public interface SentListener {
        /**
         * A packet left.
         *
         * @param queuePair the queue pair it came from
         * @param packet the packet
         * @param sentAt when it started
         * @param free when the port's transmitter is free again
         */
        void sent(RcQueuePairEngine<?> queuePair, Packet packet, long sentAt, long free);
    }

    private final Scheduler scheduler;
    private final FabricPort port;
    private final SentListener listener;
    private final RcReadyQueue ready = new RcReadyQueue();
    private boolean transmitScheduled;
    /** One event object for every turn, rather than a new method reference per packet. */
    private final Event transmit = this::transmit;

    /**
     * Creates the port's scheduler.
     *
     * @param scheduler the node's scheduler
     * @param port the NIC's fabric port
     * @param listener told of each packet sent (counters, trace)
     */
    public RcPortScheduler(Scheduler scheduler, FabricPort port, SentListener listener) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.port = Objects.requireNonNull(port, "port is null");
        this.listener = Objects.requireNonNull(listener, "listener is null");
    }

    /**
     * A queue pair has something to send: give it turns on the port.
     *
     * @param queuePair the queue pair
     */
    public void kick(RcQueuePairEngine<?> queuePair) {
        ready.add(queuePair);
        if (!transmitScheduled) {
            transmitScheduled = true;
            scheduler.scheduleAt(Math.max(scheduler.now(), port.transmitBusyUntil()), transmit);
        }
    }

    /** Sends one packet from the next queue pair in turn, then waits for the port to be free. */
    private void transmit() {
        transmitScheduled = false;
        Packet packet = ready.poll();
        if (packet == null) {
            return;
        }
        long sentAt = scheduler.now();
        long free = port.send(packet);
        listener.sent(ready.lastQueuePair(), packet, sentAt, free);
        if (!ready.isEmpty()) {
            transmitScheduled = true;
            scheduler.scheduleAt(free, transmit);
        }
    }
}
