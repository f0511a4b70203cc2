package org.iopf.plugin.ethernetbackupring;

/**
 * The sender's transport settings (FIDELITY C1).
 *
 * @param mss largest payload of one segment in bytes, {@code > 0}
 * @param initialWindowSegments the congestion window at the start, in segments (Linux: 10)
 * @param initialRto the retransmission timeout before the first RTT sample in ns (RFC 6298 §2.1;
 *     Linux {@code TCP_TIMEOUT_INIT}, include/net/tcp.h: 1 s)
 * @param minRto the smallest retransmission timeout computed from RTT samples in ns (RFC 6298 §2.4;
 *     Linux {@code TCP_RTO_MIN}: 200 ms)
 * @param maxRto the largest, after exponential back-off (Linux {@code TCP_RTO_MAX}: 120 s)
 * @param dupAckThreshold duplicate ACKs that trigger a fast retransmit (3)
 * @param retries2 Linux {@code tcp_retries2} (15): the connection is aborted at the first
 *     retransmission timeout that expires {@link #giveUpNanos()} or more after the first
 *     retransmission of the unacknowledged data (net/ipv4/tcp_timer.c, retransmits_timed_out)
 * @param sack selective acknowledgements (RFC 2018) and the RFC 6675 scoreboard: retransmit only
 *     the holes (Linux {@code net.ipv4.tcp_sack = 1})
 * @param rackTlp RACK's time-based loss detection and the tail-loss probe (RFC 8985; Linux
 *     {@code tcp_recovery = 1}, {@code tcp_early_retrans = 3}); off without {@code sack}, as in
 *     Linux (tcp_input.c tcp_identify_packet_loss, tcp_output.c tcp_schedule_loss_probe)
 */
record TcpConfig(int mss, int initialWindowSegments, long initialRto, long minRto, long maxRto,
        int dupAckThreshold, int retries2, boolean sack, boolean rackTlp) {
    /** Linux {@code TCP_TIMEOUT_MIN_US} (include/net/tcp.h): 2 ms, added to 2·SRTT in the probe timeout. */
    static final long TLP_MIN_EXTRA = 2_000_000L;
    /** Linux {@code TCP_RTO_MIN} (include/net/tcp.h), the base of {@link #giveUpNanos()}. */
    static final long LINUX_RTO_MIN = 200_000_000L;
    /** Linux {@code TCP_RTO_MAX} (include/net/tcp.h). */
    static final long LINUX_RTO_MAX = 120_000_000_000L;

    /** Checks arguments. */
    TcpConfig {
        if (mss <= 0 || initialWindowSegments <= 0 || dupAckThreshold <= 0 || retries2 <= 0) {
            throw new IllegalArgumentException("mss, initial window, dup-ACK threshold and retries2 must be > 0");
        }
        rackTlp = rackTlp && sack; // Linux runs neither RACK nor TLP on a connection without SACK (tcp_is_reno)
        if (minRto <= 0 || maxRto < minRto || initialRto < minRto || initialRto > maxRto) {
            throw new IllegalArgumentException("need 0 < minRto <= initialRto <= maxRto: " + minRto + ", "
                    + initialRto + ", " + maxRto);
        }
    }

    /** NewReno alone: no SACK, no RACK-TLP. */
    TcpConfig(int mss, int initialWindowSegments, long initialRto, long minRto, long maxRto, int dupAckThreshold,
            int retries2) {
        this(mss, initialWindowSegments, initialRto, minRto, maxRto, dupAckThreshold, retries2, false, false);
    }

    /**
     * How long after its first retransmission unacknowledged data may stay unacknowledged before the
     * connection gives up, ns: the time {@code retries2} retransmissions would take with an RTO that
     * starts at {@code TCP_RTO_MIN} and doubles up to {@code TCP_RTO_MAX} (Linux
     * net/ipv4/tcp_timer.c, tcp_model_timeout; 924.6 s for 15). Linux computes it from the two
     * constants whatever the connection's own RTO bounds, and so does this model.
     */
    long giveUpNanos() {
        int linearFrom = 63 - Long.numberOfLeadingZeros(LINUX_RTO_MAX / LINUX_RTO_MIN); // ilog2(600) = 9
        if (retries2 <= linearFrom) {
            return ((2L << retries2) - 1) * LINUX_RTO_MIN;
        }
        return ((2L << linearFrom) - 1) * LINUX_RTO_MIN + (retries2 - linearFrom) * LINUX_RTO_MAX;
    }
}
