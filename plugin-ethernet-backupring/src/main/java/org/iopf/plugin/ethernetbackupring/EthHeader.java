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

    /**
     * Bytes the SACK option adds to an ACK of {@code blocks} blocks: kind, length and 8 bytes a
     * block, padded to 4 with NOPs (RFC 2018 §3); 0 without blocks.
     */
    static int sackOptionBytes(int blocks) {
        return blocks == 0 ? 0 : (2 + 8 * blocks + 3) / 4 * 4;
    }

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

    /** SACK blocks one ACK carries at most: 3 beside the timestamp option (RFC 2018 §3). */
    int MAX_SACK_BLOCKS = 3;

    /**
     * One SACK block (RFC 2018 §3): bytes {@code [start, end)} above the cumulative ACK were received.
     *
     * @param start first byte of the block
     * @param end the byte after the block, {@code > start}
     */
    record SackBlock(long start, long end) {
        /** Checks arguments. */
        public SackBlock {
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("bad SACK block: " + start + ".." + end);
            }
        }
    }

    /**
     * A cumulative acknowledgement: every byte before {@code ack} has been received and placed,
     * with the SACK blocks of what was received above it (RFC 2018; empty without SACK).
     *
     * @param flow the connection
     * @param ack the next byte the receiver expects
     * @param window bytes the receiver can take from {@code ack} on
     * @param sack up to {@link #MAX_SACK_BLOCKS} blocks, the one with the latest segment first
     */
    record Ack(int flow, long ack, long window, java.util.List<SackBlock> sack) implements EthHeader {
        /** Checks arguments. */
        public Ack {
            if (ack < 0 || window < 0) {
                throw new IllegalArgumentException("bad ack: " + ack + ", window " + window);
            }
            sack = java.util.List.copyOf(sack);
            if (sack.size() > MAX_SACK_BLOCKS) {
                throw new IllegalArgumentException("more than " + MAX_SACK_BLOCKS + " SACK blocks: " + sack);
            }
        }

        /** An ACK without SACK blocks. */
        public Ack(int flow, long ack, long window) {
            this(flow, ack, window, java.util.List.of());
        }
    }
}
