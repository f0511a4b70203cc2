package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
import org.iopf.api.fabric.Endpoint;

/**
 * A reliable-connected queue pair.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface QueuePair {
    /** The queue pair's number within its NIC. */
    int qpn();

    /** The protection domain it belongs to. */
    ProtectionDomain protectionDomain();

    /** Its state. */
    QueuePairState state();

    /**
     * Connects to the remote queue pair {@code remoteQpn} at the remote NIC's port, moving to
     * {@link QueuePairState#READY}.
     */
    void connect(Endpoint remotePort, int remoteQpn);

    /** Posts a send-queue work request. */
    PostResult postSend(WorkRequest request);

    /** Posts a receive-queue work request. */
    PostResult postReceive(ReceiveRequest request);

    /** Send requests posted and not yet completed. */
    int outstandingSends();
}
