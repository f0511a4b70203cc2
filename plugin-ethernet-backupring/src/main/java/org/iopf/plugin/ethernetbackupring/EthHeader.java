package org.iopf.plugin.ethernetbackupring;

/**
 * The headers of the TCP-like transport on Ethernet frames. Sequence numbers are byte offsets in
 * the stream as plain {@code long}s (no 32-bit wrap).
 */
sealed interface EthHeader {
    /** Bytes on the wire around every frame: preamble 8, Ethernet header 14, FCS 4, inter-frame gap 12. */
    int ETHERNET_OVERHEAD = 38;
    /** IPv4 20 + TCP 20 + TCP timestamp option 12 (Linux's default). */
    int TCP_IP_HEADERS = 52;
    /** A frame that carries no payload is padded to the 64-byte minimum frame plus preamble and gap. */
    int MIN_WIRE_FRAME = 84;

    /** The connection the frame belongs to. */
    int flow();

    /**
     * A data segment: {@code length} bytes of the stream from {@code seq}.
     *
     * @param flow the connection
     * @param seq first byte's offset in the stream, {@code >= 0}
     * @param length payload bytes, {@code > 0}
     * @param retransmission whether the sender has sent these bytes before
     */
    record Segment(int flow, long seq, int length, boolean retransmission) implements EthHeader {
        /** Checks arguments. */
        public Segment {
            if (seq < 0 || length <= 0) {
                throw new IllegalArgumentException("bad segment: seq " + seq + ", length " + length);
            }
        }
    }

    /**
     * A cumulative acknowledgement: every byte before {@code ack} has been received and placed.
     *
     * @param flow the connection
     * @param ack the next byte the receiver expects
     * @param window bytes the receiver can take from {@code ack} on
     */
    record Ack(int flow, long ack, long window) implements EthHeader {
        /** Checks arguments. */
        public Ack {
            if (ack < 0 || window < 0) {
                throw new IllegalArgumentException("bad ack: " + ack + ", window " + window);
            }
        }
    }
}
