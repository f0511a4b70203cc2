package org.iopf.plugin.ethernetbackupring;

/**
 * The sender's per-segment scoreboard (RFC 6675 §3; Linux's {@code TCPCB_SACKED_ACKED},
 * {@code TCPCB_LOST} and {@code TCPCB_SACKED_RETRANS} bits, include/net/tcp.h): for every segment
 * of the stream, whether it was SACKed, is deemed lost, has a retransmission in flight, and when it
 * was last sent. Segments start at multiples of the MSS, so a segment is known by its index.
 */
final class SackScoreboard {
    private static final byte SACKED = 1;
    private static final byte LOST = 2;
    private static final byte RETRANS = 4;
    private static final byte EVER_RETRANS = 8;

    private final byte[] flags;
    private final long[] sentAt;
    private int sackedOut;
    private int lostOut;
    private int retransOut;
    private int awaiting;

    /** A scoreboard of {@code segments} segments. */
    SackScoreboard(int segments) {
        flags = new byte[segments];
        sentAt = new long[segments];
    }

    /** Segment {@code i} went out at {@code now}; {@code retransmission} if it was sent before. */
    void sent(int i, long now, boolean retransmission) {
        sentAt[i] = now;
        if (awaitsRetransmission(i)) {
            awaiting--;
        }
        if (retransmission) {
            flags[i] |= EVER_RETRANS;
        }
        if (retransmission && (flags[i] & RETRANS) == 0) {
            flags[i] |= RETRANS;
            retransOut++;
        }
    }

    /** Segment {@code i} is cumulatively acknowledged: it leaves the scoreboard. */
    void acked(int i) {
        clear(i);
        flags[i] = 0;
    }

    /** Segment {@code i} is SACKed; returns whether it was not before. */
    boolean sacked(int i) {
        if ((flags[i] & SACKED) != 0) {
            return false;
        }
        clear(i);
        flags[i] = (byte) (SACKED | (flags[i] & EVER_RETRANS));
        sackedOut++;
        return true;
    }

    private boolean awaitsRetransmission(int i) {
        return (flags[i] & (SACKED | LOST | RETRANS)) == LOST;
    }

    private void clear(int i) {
        if (awaitsRetransmission(i)) {
            awaiting--;
        }
        if ((flags[i] & SACKED) != 0) {
            sackedOut--;
        }
        if ((flags[i] & LOST) != 0) {
            lostOut--;
        }
        if ((flags[i] & RETRANS) != 0) {
            retransOut--;
        }
    }

    /**
     * Segment {@code i} is deemed lost (tcp_input.c tcp_mark_skb_lost): a retransmission of it in
     * flight is lost too; a SACKed segment is never lost.
     */
    void markLost(int i) {
        if ((flags[i] & SACKED) != 0 || awaitsRetransmission(i)) {
            return;
        }
        awaiting++;
        if ((flags[i] & RETRANS) != 0) {
            flags[i] &= ~RETRANS;
            retransOut--;
        }
        if ((flags[i] & LOST) == 0) {
            flags[i] |= LOST;
            lostOut++;
        }
    }

    /** Whether segment {@code i} was SACKed. */
    boolean isSacked(int i) {
        return (flags[i] & SACKED) != 0;
    }

    /** Whether segment {@code i} is deemed lost. */
    boolean isLost(int i) {
        return (flags[i] & LOST) != 0;
    }

    /** Whether a retransmission of segment {@code i} is in flight. */
    boolean isRetransmitted(int i) {
        return (flags[i] & RETRANS) != 0;
    }

    /** Whether segment {@code i} was ever sent more than once (Linux TCPCB_EVER_RETRANS). */
    boolean everRetransmitted(int i) {
        return (flags[i] & EVER_RETRANS) != 0;
    }

    /** When segment {@code i} was last sent, ns. */
    long sentAt(int i) {
        return sentAt[i];
    }

    /** The first segment in {@code [from, to)} deemed lost and not yet retransmitted, or -1. */
    int nextToRetransmit(int from, int to) {
        if (awaiting == 0) {
            return -1; // every lost segment has its retransmission in flight
        }
        for (int i = from; i < to; i++) {
            if ((flags[i] & (LOST | RETRANS)) == LOST) {
                return i;
            }
        }
        return -1;
    }

    /** SACKed segments still above the cumulative ACK (Linux sacked_out). */
    int sackedOut() {
        return sackedOut;
    }

    /** Segments deemed lost (Linux lost_out). */
    int lostOut() {
        return lostOut;
    }

    /** Retransmissions in flight (Linux retrans_out). */
    int retransOut() {
        return retransOut;
    }
}
