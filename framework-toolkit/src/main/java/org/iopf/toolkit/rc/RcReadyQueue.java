package org.iopf.toolkit.rc;

import java.util.ArrayDeque;
import org.iopf.api.fabric.Packet;

/**
 * The queue pairs of one port that have something to send, taking turns round robin, one packet
 * at a time. What a turn waits for (the port's transmitter, or software building the packet on a
 * core) is the caller's.
 */
public final class RcReadyQueue {
    private final ArrayDeque<RcQueuePairEngine<?>> ready = new ArrayDeque<>();
    private RcQueuePairEngine<?> lastQueuePair;

    /**
     * Gives a queue pair turns, unless it already has them.
     *
     * @param queuePair the queue pair with something to send
     */
    public void add(RcQueuePairEngine<?> queuePair) {
        if (!queuePair.isTransmitQueued()) {
            queuePair.setTransmitQueued(true);
            ready.addLast(queuePair);
        }
    }

    /** Whether no queue pair is waiting for a turn. */
    public boolean isEmpty() {
        return ready.isEmpty();
    }

    /**
     * Takes the next packet in turn: the queue pair at the head gives one and goes to the back if it
     * has more; a queue pair with nothing after all loses its turns.
     *
     * @return the packet, or null when no waiting queue pair has one
     */
    public Packet poll() {
        while (!ready.isEmpty()) {
            RcQueuePairEngine<?> qp = ready.pollFirst();
            Packet packet = qp.nextPacket();
            if (qp.hasPacket()) {
                ready.addLast(qp);
            } else {
                qp.setTransmitQueued(false);
            }
            if (packet != null) {
                lastQueuePair = qp;
                return packet;
            }
        }
        return null;
    }

    /** The queue pair the last packet {@link #poll()} answered came from. */
    public RcQueuePairEngine<?> lastQueuePair() {
        return lastQueuePair;
    }
}
