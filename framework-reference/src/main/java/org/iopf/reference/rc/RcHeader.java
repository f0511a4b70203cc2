package org.iopf.reference.rc;

import org.iopf.api.nic.Opcode;

/**
 * The headers of the baseline RC transport. PSNs are plain {@code long}s (no 24-bit wrap).
 */
sealed interface RcHeader {
    /** Header bytes of a data packet on the wire (LRH, BTH, RETH, ICRC, VCRC). */
    int DATA_BYTES = 42;
    /** Header bytes of an acknowledgement (LRH, BTH, AETH, ICRC, VCRC). */
    int ACK_BYTES = 30;

    /** The queue pair the packet is for. */
    int destinationQpn();

    /** The packet's sequence number. */
    long psn();

    /**
     * A packet of a SEND, RDMA WRITE or WRITE WITH IMMEDIATE.
     *
     * @param offset the packet's offset within the message
     */
    record Data(int destinationQpn, long psn, Opcode opcode, long remoteAddress, int rkey, long messageLength,
            long offset, boolean last, int immediate) implements RcHeader {
    }

    /** An RDMA READ request for {@code length} bytes from {@code remoteAddress}. */
    record ReadRequest(int destinationQpn, long psn, long remoteAddress, int rkey, long length) implements RcHeader {
    }

    /** One packet of an RDMA READ response at {@code offset} of the request. */
    record ReadResponse(int destinationQpn, long psn, long offset, boolean last) implements RcHeader {
    }

    /** An acknowledgement or negative acknowledgement. */
    record Ack(int destinationQpn, long psn, AckKind kind) implements RcHeader {
    }

    /** What an acknowledgement says. */
    enum AckKind {
        /** Every packet up to and including {@code psn} arrived. */
        ACK,
        /** A packet was missed; the responder expects {@code psn}. */
        NAK_SEQUENCE,
        /** The request at {@code psn} violated the remote region's key, range or rights. */
        NAK_REMOTE_ACCESS,
        /** No receive was posted for the request at {@code psn}: receiver not ready. */
        RNR
    }
}
