package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.nic.Opcode;

/**
 * The header of a packet of the built-in Soft-RoCE transport: a data packet of one message (a
 * slice of one work request) or an acknowledgement.
 *
 * @param kind what the packet is
 * @param destinationQpn the queue pair it is for
 * @param msn the message sequence number it belongs to or acknowledges
 * @param opcode the message's operation (data packets)
 * @param offset the packet's first byte within the message
 * @param messageLength the whole message's length
 * @param remoteAddress the target virtual address of the message's first byte
 * @param rkey the target region's key
 * @param immediate the immediate of a WRITE WITH IMMEDIATE
 * @param last whether it is the message's last packet
 */
record RxeHeader(Kind kind, int destinationQpn, long msn, Opcode opcode, long offset, long messageLength,
        long remoteAddress, int rkey, int immediate, boolean last) {
    RxeHeader {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(opcode, "opcode is null");
    }

    static RxeHeader ack(Kind kind, int destinationQpn, long msn) {
        return new RxeHeader(kind, destinationQpn, msn, Opcode.SEND, 0, 0, 0, 0, 0, true);
    }

    /** What a packet is. */
    enum Kind {
        /** Payload of a message. */
        DATA,
        /** Cumulative acknowledgement up to and including {@code msn}. */
        ACK,
        /** Receiver not ready: no receive was posted for message {@code msn}. */
        NAK_RNR,
        /** Remote access error for message {@code msn}. */
        NAK_ACCESS
    }
}
