package org.iopf.api.fabric;

/**
 * Receives the packets addressed to a port, when their last byte has arrived.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface PacketReceiver {
    /** A packet has arrived. */
    void receive(Packet packet);
}
