package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.sim.Scheduler;

/**
 * The sending side of the TCP-like transport (FIDELITY C1): a byte stream of {@code total} bytes
 * cut into segments at multiples of the MSS, cumulative ACKs, a retransmission timeout estimated
 * from RTT samples (RFC 6298: 1 s before the first sample, SRTT and RTTVAR with alpha 1/8, beta 1/4,
 * K 4; Karn's rule: no sample from a retransmitted segment, and the back-off is kept until a valid
 * sample, as Linux net/ipv4/tcp_input.c tcp_ack_update_rtt) with exponential back-off, a give-up
 * after Linux's {@code tcp_retries2} (net/ipv4/tcp_timer.c), and NewReno congestion
 * control: slow start, congestion avoidance, fast retransmit after three duplicate ACKs with fast
 * recovery (multiplicative decrease to half the flight), and on a timeout a window of one segment
 * and go-back-N from the first unacknowledged byte.
 *
 * <p>The NIC asks {@link #hasSegment()} when its transmitter is free and takes {@link
 * #nextSegment()}; ACKs come in through {@link #onAck}. {@code wake} is told whenever new segments
 * become sendable (an ACK opened the window, a timeout fired).
 */
final class TcpSender {
    private final int flow;
    private final long total;
    private final TcpConfig config;
    private final Scheduler scheduler;
    private final Runnable wake;
    private final TcpStats stats;

    private long sndUna;
    private long sndNxt;
    private long sndMax;
    private long cwnd;
    private long ssthresh = Long.MAX_VALUE;
    private long rwnd;
    private int dupAcks;
    private boolean inRecovery;
    private long recover;
    private long retransmitSeq = -1;
    private long srtt = -1;
    private long rttvar;
    private long rto;
    private int backoff;
    private long timer = -1;
    private long timedSeq = -1;
    private long timedAt;
    private long finishedAt = -1;
    private int retransmits;
    private long retransStamp = -1;
    private long retransHigh;
    private long gaveUpAt = -1;
    private Runnable onGiveUp = () -> { };

    /**
     * A sender of {@code total} bytes.
     *
     * @param initialWindow the receiver's window before its first ACK, bytes
     * @param wake told when segments may have become sendable; not null
     */
    TcpSender(int flow, long total, long initialWindow, TcpConfig config, Scheduler scheduler, TcpStats stats,
            Runnable wake) {
        if (total <= 0 || initialWindow <= 0) {
            throw new IllegalArgumentException("total and window must be > 0: " + total + ", " + initialWindow);
        }
        this.flow = flow;
        this.total = total;
        this.config = Objects.requireNonNull(config, "config is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.stats = Objects.requireNonNull(stats, "stats is null");
        this.wake = Objects.requireNonNull(wake, "wake is null");
        this.rwnd = initialWindow;
        this.cwnd = (long) config.initialWindowSegments() * config.mss();
        this.rto = config.initialRto();
        stats.cwnd(cwnd);
    }

    /** Runs {@code listener} when the connection gives up (once, at the expiry that aborts it). */
    void onGiveUp(Runnable listener) {
        this.onGiveUp = Objects.requireNonNull(listener, "listener is null");
    }

    /** Whether a segment may be sent now. */
    boolean hasSegment() {
        if (gaveUpAt >= 0) {
            return false;
        }
        if (retransmitSeq >= 0) {
            return true;
        }
        if (sndNxt >= total) {
            return false;
        }
        long window = Math.min(cwnd, rwnd);
        return sndNxt + segmentLength(sndNxt) - sndUna <= window || sndNxt == sndUna;
    }

    /** Takes the next segment to send; call only when {@link #hasSegment()}. */
    EthHeader.Segment nextSegment() {
        EthHeader.Segment segment;
        if (retransmitSeq >= 0) {
            segment = new EthHeader.Segment(flow, retransmitSeq, segmentLength(retransmitSeq), true);
            retransmitSeq = -1;
        } else {
            if (!hasSegment()) {
                throw new IllegalStateException("no segment may be sent now");
            }
            boolean again = sndNxt < sndMax;
            segment = new EthHeader.Segment(flow, sndNxt, segmentLength(sndNxt), again);
            sndNxt += segment.length();
            sndMax = Math.max(sndMax, sndNxt);
            if (!again && timedSeq < 0) {
                timedSeq = segment.seq();
                timedAt = scheduler.now();
            }
        }
        if (segment.retransmission()) {
            stats.retransmitted(segment.length());
            if (retransStamp < 0) {
                retransStamp = scheduler.now(); // tcp_output.c tcp_retransmit_skb: the first retransmit
            }
            retransHigh = Math.max(retransHigh, segment.seq() + segment.length());
            if (timedSeq >= 0 && segment.seq() <= timedSeq) {
                timedSeq = -1; // Karn: no RTT sample from a retransmitted segment
            }
        }
        if (timer < 0) {
            armTimer();
        }
        return segment;
    }

    /** Handles a cumulative ACK of every byte before {@code ack}, with the receiver's window. */
    void onAck(long ack, long window) {
        if (gaveUpAt >= 0) {
            return;
        }
        rwnd = window;
        if (ack > sndMax) {
            return; // acknowledges what was never sent
        }
        if (ack > sndUna) {
            newlyAcked(ack);
        } else if (ack == sndUna && sndMax > sndUna) {
            duplicate();
        }
        wake.run();
    }

    private void newlyAcked(long ack) {
        long acked = ack - sndUna;
        if (timedSeq >= 0 && ack > timedSeq) {
            sample(scheduler.now() - timedAt);
            timedSeq = -1;
        }
        sndUna = ack;
        sndNxt = Math.max(sndNxt, sndUna);
        retransmits = 0; // tcp_input.c tcp_ack: forward progress clears icsk_retransmits
        if (sndUna >= retransHigh) {
            retransStamp = -1; // no retransmitted data left unacknowledged
        }
        if (inRecovery) {
            if (ack >= recover) {
                inRecovery = false;
                cwnd = ssthresh;
            } else {
                retransmitSeq = sndUna; // partial ACK: the next hole
                cwnd = Math.max(config.mss(), cwnd - acked + config.mss());
            }
        } else if (cwnd < ssthresh) {
            cwnd += acked;
        } else {
            cwnd += Math.max(1, (long) config.mss() * config.mss() / cwnd) * Math.max(1, acked / config.mss());
        }
        dupAcks = 0;
        stats.cwnd(cwnd);
        restartTimer();
        if (sndUna >= total) {
            finishedAt = scheduler.now();
            cancelTimer();
        }
    }

    private void duplicate() {
        dupAcks++;
        stats.duplicateAck();
        if (inRecovery) {
            cwnd += config.mss();
        } else if (dupAcks == config.dupAckThreshold() && sndUna >= recover) {
            ssthresh = Math.max(flight() / 2, 2L * config.mss());
            recover = sndMax;
            inRecovery = true;
            retransmitSeq = sndUna;
            cwnd = ssthresh + (long) config.dupAckThreshold() * config.mss();
            stats.fastRetransmit();
        }
        stats.cwnd(cwnd);
    }

    private void timeout() {
        timer = -1;
        if (sndUna >= total) {
            return;
        }
        stats.timeout(); // counted before the check, as LINUX_MIB_TCPTIMEOUTS
        if (retransmits > 0 && scheduler.now() - retransStamp >= config.giveUpNanos()) {
            giveUp();
            return;
        }
        retransmits++;
        ssthresh = Math.max(flight() / 2, 2L * config.mss());
        cwnd = config.mss();
        recover = sndMax;
        inRecovery = false;
        dupAcks = 0;
        retransmitSeq = -1;
        sndNxt = sndUna; // go-back-N
        timedSeq = -1;
        backoff++;
        stats.cwnd(cwnd);
        armTimer();
        wake.run();
    }

    /** tcp_timer.c tcp_write_timeout: retransmits_timed_out, then tcp_write_err. */
    private void giveUp() {
        gaveUpAt = scheduler.now();
        retransmitSeq = -1;
        stats.gaveUp();
        onGiveUp.run();
    }

    private void sample(long rtt) {
        if (srtt < 0) {
            srtt = rtt;
            rttvar = rtt / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - rtt)) / 4;
            srtt = (7 * srtt + rtt) / 8;
        }
        rto = Math.min(config.maxRto(), Math.max(config.minRto(), srtt + Math.max(1, 4 * rttvar)));
        backoff = 0; // RFC 6298 §5, Karn: the back-off ends with a valid sample, not with any new ACK
    }

    private long currentRto() {
        long value = rto;
        for (int i = 0; i < backoff && value < config.maxRto(); i++) {
            value *= 2;
        }
        return Math.min(value, config.maxRto());
    }

    private void armTimer() {
        timer = scheduler.schedule(currentRto(), this::timeout);
    }

    private void restartTimer() {
        cancelTimer();
        if (sndMax > sndUna) {
            armTimer();
        }
    }

    private void cancelTimer() {
        if (timer >= 0) {
            scheduler.cancel(timer);
            timer = -1;
        }
    }

    private long flight() {
        return sndMax - sndUna;
    }

    private int segmentLength(long seq) {
        return (int) Math.min(config.mss() - seq % config.mss(), total - seq);
    }

    /** The first byte not yet acknowledged. */
    long unacknowledged() {
        return sndUna;
    }

    /** The next byte to send. */
    long next() {
        return sndNxt;
    }

    /** The congestion window in bytes. */
    long congestionWindow() {
        return cwnd;
    }

    /** The slow-start threshold in bytes ({@link Long#MAX_VALUE} until the first loss). */
    long slowStartThreshold() {
        return ssthresh;
    }

    /** The timeout the next arming of the timer would use, ns (with back-off). */
    long retransmissionTimeout() {
        return currentRto();
    }

    /** Whether the sender is in fast recovery. */
    boolean inFastRecovery() {
        return inRecovery;
    }

    /** Whether every byte has been acknowledged. */
    boolean isDone() {
        return sndUna >= total;
    }

    /** When the last byte was acknowledged, or -1. */
    long finishedAt() {
        return finishedAt;
    }

    /** When the connection gave up (tcp_retries2), or -1. */
    long gaveUpAt() {
        return gaveUpAt;
    }

    /** The {@code tcp_retries2} the connection gives up after. */
    int retries2() {
        return config.retries2();
    }

    /** Retransmission timeouts since the last forward progress (Linux icsk_retransmits). */
    int retransmits() {
        return retransmits;
    }

    /** The smoothed RTT in ns, or -1 before the first sample. */
    long smoothedRtt() {
        return srtt;
    }

    /** The stream's length in bytes. */
    long total() {
        return total;
    }
}
