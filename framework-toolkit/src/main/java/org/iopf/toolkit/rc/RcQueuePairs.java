package org.iopf.toolkit.rc;

import java.util.Objects;
import org.iopf.api.fabric.Packet;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePairConfig;

/**
 * A NIC's queue pairs on the toolkit's engine, numbered from 1, and found again by the
 * destination QPN an arriving packet carries.
 *
 * @param <R> the NIC's memory-region type
 */
public final class RcQueuePairs<R> {
    private final String owner;
    private final RcLink link;
    private final RcSettings settings;
    private final NumberedTable<RcQueuePairEngine<R>> byQpn = new NumberedTable<>();

    /**
     * Creates an empty table.
     *
     * @param owner the NIC's path, for messages
     * @param link the NIC as the engine sees it
     * @param settings the transport settings every queue pair uses
     */
    public RcQueuePairs(String owner, RcLink link, RcSettings settings) {
        this.owner = Objects.requireNonNull(owner, "owner is null");
        this.link = Objects.requireNonNull(link, "link is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
    }

    /**
     * Creates the next queue pair.
     *
     * @param memory how its requests and the responder reach memory
     * @param pd its protection domain
     * @param sendQueue its send completion queue, one of this NIC's
     * @param receiveQueue its receive completion queue, one of this NIC's
     * @param config its configuration
     * @return the new queue pair
     * @throws IllegalArgumentException if a completion queue is not one a NIC of this kind created
     */
    public RcQueuePairEngine<R> create(RcMemory<R> memory, ProtectionDomain pd, CompletionQueue sendQueue,
            CompletionQueue receiveQueue, QueuePairConfig config) {
        if (!(sendQueue instanceof BoundedCompletionQueue send)
                || !(receiveQueue instanceof BoundedCompletionQueue receive)) {
            throw new IllegalArgumentException("completion queues must come from " + owner);
        }
        RcQueuePairEngine<R> qp = new RcQueuePairEngine<>(link, memory, settings, byQpn.nextNumber(),
                Objects.requireNonNull(pd, "pd is null"), send, receive,
                Objects.requireNonNull(config, "config is null"));
        byQpn.add(qp);
        return qp;
    }

    /**
     * The queue pair an arriving packet is for.
     *
     * @param packet the packet
     * @return the queue pair, or null when the packet is not RC transport or names no queue pair here
     */
    public RcQueuePairEngine<R> destination(Packet packet) {
        return packet.header() instanceof RcHeader header ? byQpn.get(header.destinationQpn()) : null;
    }
}
