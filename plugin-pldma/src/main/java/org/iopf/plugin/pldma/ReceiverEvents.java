package org.iopf.plugin.pldma;

import org.iopf.api.fabric.Endpoint;

/**
 * What the receiving side ({@link PldmaReceiver}) and a pending read ({@link PendingRead}) tell
 * their engine: a control packet to send, and whether a read this node waits for has arrived or
 * cannot arrive.
 */
interface ReceiverEvents {
    /** Queues a control packet (ACK, NACK, RESUME, READ request) on the port, ahead of data. */
    void sendControl(Endpoint destination, PldmaHeader header);

    /** The last packet of the transfer {@code key} has been written here. */
    void readArrived(WireKey key);

    /** The transfer {@code key} cannot arrive here. */
    void readFailed(WireKey key);
}
