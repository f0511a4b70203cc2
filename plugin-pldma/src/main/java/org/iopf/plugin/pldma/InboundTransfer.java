package org.iopf.plugin.pldma;

import org.iopf.api.fabric.Endpoint;

/**
 * The receiving PLDMA's state for one transfer: the next packet it expects (packets arrive in
 * order; everything before {@code expected} has been written exactly once), whether a fault on the
 * destination has paused it, and whether a sequence NACK is already outstanding.
 */
final class InboundTransfer {
    final WireKey key;
    final Endpoint sender;
    final int packets;
    int expected;
    boolean faulted;
    boolean nakSent;
    boolean failed;

    InboundTransfer(WireKey key, Endpoint sender, int packets) {
        this.key = key;
        this.sender = sender;
        this.packets = packets;
    }

    boolean complete() {
        return expected == packets;
    }
}
