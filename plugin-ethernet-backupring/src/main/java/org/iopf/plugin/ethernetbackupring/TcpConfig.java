package org.iopf.plugin.ethernetbackupring;

/**
 * The sender's transport settings (FIDELITY C1).
 *
 * @param mss largest payload of one segment in bytes, {@code > 0}
 * @param initialWindowSegments the congestion window at the start, in segments (Linux: 10)
 * @param minRto the smallest retransmission timeout in ns (Linux TCP_RTO_MIN: 200 ms); also the
 *     timeout before the first RTT sample, as after a handshake on a LAN
 * @param maxRto the largest, after exponential back-off (Linux TCP_RTO_MAX: 120 s)
 * @param dupAckThreshold duplicate ACKs that trigger a fast retransmit (3)
 */
record TcpConfig(int mss, int initialWindowSegments, long minRto, long maxRto, int dupAckThreshold) {
    /** Checks arguments. */
    TcpConfig {
        if (mss <= 0 || initialWindowSegments <= 0 || dupAckThreshold <= 0) {
            throw new IllegalArgumentException("mss, initial window and dup-ACK threshold must be > 0");
        }
        if (minRto <= 0 || maxRto < minRto) {
            throw new IllegalArgumentException("need 0 < minRto <= maxRto: " + minRto + ", " + maxRto);
        }
    }
}
