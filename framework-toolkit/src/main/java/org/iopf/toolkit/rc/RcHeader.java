package org.iopf.toolkit.rc;

import org.iopf.api.nic.Opcode;

/**
 * The headers of the RC transport on the wire; {@code psn} is the 24-bit PSN of the BTH
 * ({@link Psn}).
 */
public sealed interface RcHeader {
    /** Header bytes of a data packet on the wire (LRH, BTH, RETH, ICRC, VCRC). */
    int DATA_BYTES = 42;
    /** Header bytes of an acknowledgement (LRH, BTH, AETH, ICRC, VCRC). */
    int ACK_BYTES = 30;

    /**
     * The queue pair the packet is for.
     *
     * @return its number
     */
    int destinationQpn();

    /**
     * The packet's 24-bit sequence number.
     *
     * @return the PSN, 0..2^24-1
     */
    int psn();

    /**
     * A packet of a SEND, RDMA WRITE or WRITE WITH IMMEDIATE.
     *
     * @param destinationQpn the queue pair it is for
     * @param psn its PSN
     * @param opcode the request's opcode
     * @param remoteAddress the message's first target address (WRITE)
     * @param rkey the target region's key (WRITE)
     * @param messageLength the message's length in bytes
     * @param offset the packet's offset within the message
     * @param last whether it is the message's last packet
     * @param immediate the immediate data (WRITE WITH IMMEDIATE)
     */
    record Data(int destinationQpn, int psn, Opcode opcode, long remoteAddress, int rkey, long messageLength,
            long offset, boolean last, int immediate) implements RcHeader {
    }

    /**
     * An RDMA READ request for {@code length} bytes from {@code remoteAddress}.
     *
     * @param destinationQpn the queue pair it is for
     * @param psn its PSN (the first response's)
     * @param remoteAddress the first address to read
     * @param rkey the source region's key
     * @param length bytes to read
     */
    record ReadRequest(int destinationQpn, int psn, long remoteAddress, int rkey, long length) implements RcHeader {
    }

    /**
     * One packet of an RDMA READ response.
     *
     * @param destinationQpn the queue pair it is for
     * @param psn its PSN
     * @param offset its offset within the read
     * @param last whether it is the last response packet
     */
    record ReadResponse(int destinationQpn, int psn, long offset, boolean last) implements RcHeader {
    }

    /**
     * An acknowledgement (AETH).
     *
     * @param destinationQpn the queue pair it is for
     * @param psn the PSN acknowledged (ACK) or expected (NAKs)
     * @param kind what it says
     * @param rnrTimer for {@link AckKind#RNR}, the responder's 5-bit RNR timer code ({@link RnrTimer}); otherwise 0
     */
    record Ack(int destinationQpn, int psn, AckKind kind, int rnrTimer) implements RcHeader {
    }

    /** What an acknowledgement says. */
    enum AckKind {
        /** Every packet up to and including {@code psn} arrived. */
        ACK,
        /** A packet was missed; the responder expects {@code psn}. */
        NAK_SEQUENCE,
        /** The request at {@code psn} violated the remote region's key, range or rights. */
        NAK_REMOTE_ACCESS,
        /** Receiver not ready at {@code psn} (no receive posted, or a page fault): retry after the timer. */
        RNR
    }
}
