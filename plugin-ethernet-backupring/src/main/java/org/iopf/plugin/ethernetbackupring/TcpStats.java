package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;

/**
 * The transport's counters under the NIC's metrics ({@code node1.nic0.tcp.*}): retransmitted
 * segments and bytes, timeouts, fast retransmits, duplicate ACKs, connections that gave up
 * ({@code tcp_retries2}), and the congestion window as a
 * gauge and a trace counter.
 */
final class TcpStats {
    private final Counter retransmissions;
    private final Counter retransmittedBytes;
    private final Counter timeouts;
    private final Counter fastRetransmits;
    private final Counter duplicateAcks;
    private final Counter gaveUp;
    private final Counter lossProbes;
    private final Tracer tracer;
    private final String track;
    private long cwnd;

    /** Registers the counters in {@code metrics} ({@code tcp.*}); traces the window on {@code track}. */
    TcpStats(Metrics metrics, Tracer tracer, String track) {
        Metrics tcp = Objects.requireNonNull(metrics, "metrics is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = Objects.requireNonNull(track, "track is null");
        this.retransmissions = NicStatistics.TCP_RETRANSMISSIONS.counter(tcp);
        this.retransmittedBytes = NicStatistics.TCP_RETRANSMITTED_BYTES.counter(tcp);
        this.timeouts = NicStatistics.TCP_TIMEOUTS.counter(tcp);
        this.fastRetransmits = NicStatistics.TCP_FAST_RETRANSMITS.counter(tcp);
        this.duplicateAcks = NicStatistics.TCP_DUPLICATE_ACKS.counter(tcp);
        this.gaveUp = NicStatistics.TCP_GAVE_UP.counter(tcp);
        this.lossProbes = NicStatistics.TCP_LOSS_PROBES.counter(tcp);
        NicStatistics.TCP_CWND.gauge(tcp, () -> cwnd);
    }

    void retransmitted(int bytes) {
        retransmissions.increment();
        retransmittedBytes.add(bytes);
    }

    void timeout() {
        timeouts.increment();
    }

    void fastRetransmit() {
        fastRetransmits.increment();
    }

    void duplicateAck() {
        duplicateAcks.increment();
    }

    void lossProbe() {
        lossProbes.increment();
    }

    long lossProbes() {
        return lossProbes.value();
    }

    void gaveUp() {
        gaveUp.increment();
    }

    long gaveUpConnections() {
        return gaveUp.value();
    }

    void cwnd(long bytes) {
        if (bytes != cwnd && tracer.enabled()) {
            tracer.counter(track, "cwnd", bytes);
        }
        cwnd = bytes;
    }

    long retransmissions() {
        return retransmissions.value();
    }

    long timeouts() {
        return timeouts.value();
    }

    long fastRetransmits() {
        return fastRetransmits.value();
    }
}
