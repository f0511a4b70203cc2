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
 * <p>With {@link TcpConfig#sack()} the ACKs' SACK blocks fill a {@link SackScoreboard} and loss
 * recovery follows RFC 6675 (Linux net/ipv4/tcp_input.c): a hole is lost when {@code
 * dupAckThreshold} SACKed segments lie above it (§4 IsLost), recovery sets the window to the
 * threshold (§5 step 4.2), only segments deemed lost are retransmitted, as the window ({@code
 * cwnd} against the pipe, Linux {@code tcp_packets_in_flight}) allows, and a timeout marks every
 * un-SACKed segment lost instead of going back N (tcp_timer.c tcp_enter_loss). With {@link
 * TcpConfig#rackTlp()} RACK (RFC 8985 §6; net/ipv4/tcp_recovery.c) replaces the SACK count: a
 * segment is lost when one sent after it was delivered and it has been out more than the RACK RTT
 * plus a reordering window (0 in recovery or with {@code dupAckThreshold} SACKed segments, else
 * min RTT / 4), with a reorder timer for the rest; and a tail-loss probe (RFC 8985 §7;
 * tcp_output.c tcp_schedule_loss_probe, tcp_send_loss_probe) fires 2·SRTT + 2 ms after the last
 * send (+ {@code minRto} instead of 2 ms with one segment out, at most the RTO still to run) and
 * sends one new segment, or the last one again, so that a lost tail is SACKed and recovered
 * without waiting the RTO.
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
    private final SackScoreboard board;
    private boolean lossState;
    private long rackXmit = -1;
    private long rackEnd;
    private long rackRtt;
    private long minRtt = Long.MAX_VALUE;
    private boolean probePending;
    private long tlpHigh = -1;
    private long reoTimer = -1;
    private long probeAt = -1;
    private boolean fastRetransmitDue;

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
        this.board = config.sack() ? new SackScoreboard(Math.toIntExact((total + config.mss() - 1) / config.mss()))
                : null;
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
        if (board != null) {
            return probePending || retransmissionAllowed() >= 0 || newDataAllowed(true);
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

    private boolean newDataAllowed(boolean checkCwnd) {
        if (sndNxt >= total) {
            return false;
        }
        int length = segmentLength(sndNxt);
        if (sndNxt + length - sndUna > rwnd && sndNxt != sndUna) {
            return false;
        }
        return !checkCwnd || cwndAllows(length);
    }

    private boolean cwndAllows(int length) {
        long inFlight = inFlightSegments();
        return inFlight == 0 || inFlight * config.mss() + length <= cwnd;
    }

    /** The first lost segment the window lets go out again, or -1. */
    private int retransmissionAllowed() {
        if (sndMax <= sndUna) {
            return -1;
        }
        int i = board.nextToRetransmit(index(sndUna), index(sndMax - 1) + 1);
        if (i >= 0 && fastRetransmitDue) {
            return i; // RFC 6675 §5 step 4.3: the first retransmission goes whatever the pipe (Linux PRR: at least one)
        }
        return i >= 0 && cwndAllows(segmentLength((long) i * config.mss())) ? i : -1;
    }

    /** Segments sent and not yet cumulatively acknowledged (Linux packets_out). */
    private long outstandingSegments() {
        return sndMax > sndUna ? index(sndMax - 1) - index(sndUna) + 1 : 0;
    }

    /** Linux tcp_packets_in_flight: packets_out - (sacked_out + lost_out) + retrans_out. */
    private long inFlightSegments() {
        if (board == null) {
            return outstandingSegments();
        }
        return outstandingSegments() - board.sackedOut() - board.lostOut() + board.retransOut();
    }

    private int index(long seq) {
        return Math.toIntExact(seq / config.mss());
    }

    /** Takes the next segment to send; call only when {@link #hasSegment()}. */
    EthHeader.Segment nextSegment() {
        if (board != null) {
            return nextScoreboardSegment();
        }
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
        account(segment);
        if (timer < 0) {
            armTimer();
        }
        return segment;
    }

    private EthHeader.Segment nextScoreboardSegment() {
        long now = scheduler.now();
        EthHeader.Segment segment;
        boolean probe = false;
        int lost = probePending ? -1 : retransmissionAllowed();
        if (probePending) {
            probePending = false;
            probe = true;
            if (newDataAllowed(false)) {
                segment = newSegment(now); // RFC 8985 §7.3: new data if the receive window allows
            } else {
                long last = (long) index(sndMax - 1) * config.mss(); // else the last segment again
                segment = new EthHeader.Segment(flow, last, segmentLength(last), true);
            }
            tlpHigh = sndMax;
            stats.lossProbe();
        } else if (lost >= 0) {
            long seq = (long) lost * config.mss();
            segment = new EthHeader.Segment(flow, seq, segmentLength(seq), true);
        } else if (newDataAllowed(true)) {
            segment = newSegment(now);
        } else {
            throw new IllegalStateException("no segment may be sent now");
        }
        board.sent(index(segment.seq()), now, segment.retransmission());
        if (lost >= 0) {
            fastRetransmitDue = false;
        }
        account(segment);
        if (probe) {
            cancelTimer(); // tcp_send_loss_probe: tcp_rearm_rto, the RTO still to run
            timer = scheduler.schedule(Math.max(1, rtoStillToRun(now)), this::timeout);
        } else if (timer < 0) {
            armTimer();
        } else if (segment.retransmission() && segment.seq() == sndUna) {
            cancelTimer(); // tcp_xmit_retransmit_queue: retransmitting the head restarts the RTO
            armTimer();
        }
        if (!segment.retransmission() && !probe) {
            scheduleProbe(false, now);
        }
        return segment;
    }

    private EthHeader.Segment newSegment(long now) {
        EthHeader.Segment segment = new EthHeader.Segment(flow, sndNxt, segmentLength(sndNxt), false);
        sndNxt += segment.length();
        sndMax = Math.max(sndMax, sndNxt);
        if (timedSeq < 0) {
            timedSeq = segment.seq();
            timedAt = now;
        }
        return segment;
    }

    /** Time until the RTO of the oldest outstanding segment expires (tcp_input.c tcp_rto_delta_us). */
    private long rtoStillToRun(long now) {
        return board.sentAt(index(sndUna)) + currentRto() - now;
    }

    /**
     * Arms the tail-loss probe in place of the RTO if RFC 8985 §7.2 / tcp_schedule_loss_probe
     * allows it; returns whether it did.
     */
    private boolean scheduleProbe(boolean advancing, long now) {
        if (!config.rackTlp() || srtt < 0 || inRecovery || lossState || tlpHigh >= 0 || sndMax <= sndUna
                || gaveUpAt >= 0) {
            return false;
        }
        if (newDataAllowed(true)) {
            return false; // the window lets another segment go now: no tail yet (Linux: cwnd > in flight)
        }
        long pto = 2 * srtt + (outstandingSegments() == 1 ? config.minRto() : TcpConfig.TLP_MIN_EXTRA);
        long rtoDelta = advancing ? currentRto() : rtoStillToRun(now);
        if (rtoDelta > 0) {
            pto = Math.min(pto, rtoDelta);
        }
        cancelTimer();
        probeAt = now + pto;
        timer = scheduler.schedule(pto, this::probeTimeout);
        return true;
    }

    private void probeTimeout() {
        timer = -1;
        probeAt = -1;
        if (sndUna >= total || gaveUpAt >= 0) {
            return;
        }
        probePending = true;
        wake.run();
    }

    private void account(EthHeader.Segment segment) {
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
    }

    /** Handles a cumulative ACK of every byte before {@code ack}, with the receiver's window. */
    void onAck(long ack, long window) {
        onAck(ack, window, java.util.List.of());
    }

    /**
     * Handles a cumulative ACK of every byte before {@code ack}, with the receiver's window and
     * its SACK blocks (ignored without {@link TcpConfig#sack()}).
     */
    void onAck(long ack, long window, java.util.List<EthHeader.SackBlock> sack) {
        if (gaveUpAt >= 0) {
            return;
        }
        rwnd = window;
        if (ack > sndMax) {
            return; // acknowledges what was never sent
        }
        if (board != null) {
            onScoreboardAck(ack, sack);
            wake.run();
            return;
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

    private void onScoreboardAck(long ack, java.util.List<EthHeader.SackBlock> sack) {
        long now = scheduler.now();
        long from = sndUna;
        for (int i = index(sndUna); ack > sndUna && i < index(ack - 1) + 1; i++) {
            if (!board.isSacked(i)) {
                rackAdvance(i, now);
            }
            board.acked(i);
        }
        for (int b = 0; b < sack.size(); b++) { // indexed: no iterator per acknowledgement
            EthHeader.SackBlock block = sack.get(b);
            if (block.end() > sndMax) {
                continue; // SACKs what was never sent
            }
            for (long seq = Math.max(block.start(), ack); seq < block.end(); seq += segmentLength(seq)) {
                int i = index(seq);
                if (!board.isSacked(i)) {
                    rackAdvance(i, now);
                    board.sacked(i);
                }
            }
        }
        if (ack > from) {
            long acked = ack - from;
            if (timedSeq >= 0 && ack > timedSeq) {
                sample(now - timedAt);
                timedSeq = -1;
            }
            sndUna = ack;
            retransmits = 0;
            if (sndUna >= retransHigh) {
                retransStamp = -1;
            }
            if (tlpHigh >= 0 && ack >= tlpHigh) {
                tlpHigh = -1; // tcp_process_tlp_ack: the probe's episode is over
            }
            if ((inRecovery || lossState) && ack >= recover) {
                if (inRecovery) {
                    cwnd = ssthresh;
                }
                inRecovery = false;
                lossState = false;
                fastRetransmitDue = false;
            } else if (!inRecovery) {
                if (cwnd < ssthresh) {
                    cwnd += acked;
                } else {
                    cwnd += Math.max(1, (long) config.mss() * config.mss() / cwnd) * Math.max(1, acked / config.mss());
                }
            }
            dupAcks = 0;
        } else if (sndMax > sndUna) {
            dupAcks++;
            stats.duplicateAck();
        }
        if (config.rackTlp()) {
            rackDetectLoss(now);
        } else {
            markHolesLost();
        }
        enterRecoveryIfLost();
        stats.cwnd(cwnd);
        if (ack > from) {
            if (sndUna >= total) {
                finishedAt = now;
                cancelTimer();
                cancelReorderTimer();
            } else if (!scheduleProbe(true, now)) {
                restartTimer();
            }
        }
    }

    /** RFC 8985 §6.2 step 2: the most recently sent segment delivered so far, and its RTT. */
    private void rackAdvance(int i, long now) {
        long sent = board.sentAt(i);
        if (board.everRetransmitted(i) && now - sent < minRtt) {
            return; // may be the original's ACK: ambiguous (tcp_recovery.c tcp_rack_advance)
        }
        long end = (long) i * config.mss() + segmentLength((long) i * config.mss());
        if (sent > rackXmit || (sent == rackXmit && end > rackEnd)) {
            rackXmit = sent;
            rackEnd = end;
            rackRtt = now - sent;
        }
    }

    /** RFC 8985 §6.2 step 5 (tcp_recovery.c tcp_rack_detect_loss), arming the reorder timer. */
    private void rackDetectLoss(long now) {
        if (rackXmit < 0 || sndMax <= sndUna) {
            return;
        }
        long reoWnd = inRecovery || lossState || board.sackedOut() >= config.dupAckThreshold() || srtt < 0 ? 0
                : Math.min(minRtt / 4, srtt);
        long timeout = 0;
        for (int i = index(sndUna); i <= index(sndMax - 1); i++) {
            if (board.isSacked(i) || (board.isLost(i) && !board.isRetransmitted(i))) {
                continue;
            }
            long sent = board.sentAt(i);
            long end = (long) i * config.mss() + segmentLength((long) i * config.mss());
            if (rackXmit > sent || (rackXmit == sent && rackEnd > end)) {
                long remaining = sent + rackRtt + reoWnd - now;
                if (remaining <= 0) {
                    board.markLost(i);
                } else {
                    timeout = Math.max(timeout, remaining);
                }
            }
        }
        cancelReorderTimer();
        if (timeout > 0) {
            reoTimer = scheduler.schedule(timeout, this::reorderTimeout);
        }
    }

    private void reorderTimeout() {
        reoTimer = -1;
        if (sndUna >= total || gaveUpAt >= 0) {
            return;
        }
        rackDetectLoss(scheduler.now());
        enterRecoveryIfLost();
        stats.cwnd(cwnd);
        wake.run();
    }

    private void cancelReorderTimer() {
        if (reoTimer >= 0) {
            scheduler.cancel(reoTimer);
            reoTimer = -1;
        }
    }

    /** RFC 6675 §4 IsLost: a hole with {@code dupAckThreshold} SACKed segments above it. */
    private void markHolesLost() {
        if (board.sackedOut() < config.dupAckThreshold()) {
            return;
        }
        int above = 0;
        for (int i = index(sndMax - 1); i >= index(sndUna); i--) {
            if (board.isSacked(i)) {
                above++;
            } else if (above >= config.dupAckThreshold() && !board.isLost(i)) {
                board.markLost(i);
            }
        }
    }

    /** RFC 6675 §5 steps 4.1-4.2: a loss enters recovery with cwnd = ssthresh = half the flight. */
    private void enterRecoveryIfLost() {
        if (board.lostOut() == 0 || inRecovery || lossState) {
            return;
        }
        ssthresh = Math.max(flight() / 2, 2L * config.mss());
        cwnd = ssthresh;
        recover = sndMax;
        inRecovery = true;
        fastRetransmitDue = true;
        stats.fastRetransmit();
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
        if (board != null) {
            for (int i = index(sndUna); i <= index(sndMax - 1); i++) {
                board.markLost(i); // tcp_timer.c tcp_enter_loss / tcp_timeout_mark_lost: all but the SACKed
            }
            lossState = true;
            fastRetransmitDue = false;
            probePending = false;
            tlpHigh = -1;
            cancelReorderTimer();
        } else {
            sndNxt = sndUna; // go-back-N
        }
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
        probePending = false;
        cancelReorderTimer();
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
        minRtt = Math.min(minRtt, rtt);
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
        probeAt = -1;
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

    /** When the armed tail-loss probe fires, ns, or -1 if none is armed. */
    long probeAt() {
        return probeAt;
    }

    /** Segments the scoreboard deems lost (0 without SACK). */
    int lostSegments() {
        return board == null ? 0 : board.lostOut();
    }

    /** Segments SACKed above the cumulative ACK (0 without SACK). */
    int sackedSegments() {
        return board == null ? 0 : board.sackedOut();
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
