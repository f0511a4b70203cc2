package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Receives the packets addressed to a port, when their last byte has arrived.
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface PacketReceiver {
    /** A packet has arrived. */
    void receive(Packet packet);
}
