package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

/** SACK (RFC 2018, RFC 6675) and RACK-TLP (RFC 8985) in the sender, with exact simulated times. */
final class TcpSackRackTest {
    private static final int MSS = 1000;
    private static final long WINDOW = 1_000_000;

    private final EventKernel kernel = new EventKernel();
    private final MetricRegistry metrics = new MetricRegistry();
    private final TcpStats stats = new TcpStats(metrics, Tracer.NONE, "node1/nic0");

    private static TcpConfig config(boolean sack, boolean rackTlp) {
        return new TcpConfig(MSS, 10, Time.seconds(1), Time.millis(200), Time.seconds(120), 3, 15, sack, rackTlp);
    }

    private TcpSender sender(long total, boolean sack, boolean rackTlp) {
        return new TcpSender(1, total, WINDOW, config(sack, rackTlp), kernel, stats, () -> { });
    }

    private static List<EthHeader.Segment> sendAll(TcpSender sender) {
        List<EthHeader.Segment> sent = new ArrayList<>();
        while (sender.hasSegment()) {
            sent.add(sender.nextSegment());
        }
        return sent;
    }

    private static List<EthHeader.SackBlock> sack(long... bounds) {
        List<EthHeader.SackBlock> blocks = new ArrayList<>();
        for (int i = 0; i < bounds.length; i += 2) {
            blocks.add(new EthHeader.SackBlock(bounds[i], bounds[i + 1]));
        }
        return blocks;
    }

    /** 10 segments at 0, all acknowledged at 100 us: SRTT 100 us, min RTT 100 us, RTO 200 ms. */
    private TcpSender warmedUp(long total, boolean sack, boolean rackTlp) {
        TcpSender sender = sender(total, sack, rackTlp);
        sendAll(sender);
        kernel.runUntil(Time.micros(100));
        sender.onAck(10_000, WINDOW);
        assertThat(sender.smoothedRtt()).isEqualTo(Time.micros(100));
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(200));
        return sender;
    }

    @Test
    void theReceiverReportsTheLatestBlockFirstThenTheHighestOthersAtMostThree() {
        TcpReceiver receiver = new TcpReceiver(10_000, MSS, 10_000, (seq, length) -> { });
        for (long seq : new long[] {2000, 3000, 6000, 8000}) {
            receiver.accept(seq);
            receiver.placed(seq);
        }
        assertThat(receiver.sackBlocks()).containsExactly(new EthHeader.SackBlock(8000, 9000),
                new EthHeader.SackBlock(6000, 7000), new EthHeader.SackBlock(2000, 4000));
        receiver.accept(5000);
        receiver.placed(5000);
        assertThat(receiver.sackBlocks()).containsExactly(new EthHeader.SackBlock(5000, 7000),
                new EthHeader.SackBlock(8000, 9000), new EthHeader.SackBlock(2000, 4000));
        receiver.accept(0);
        receiver.placed(0);
        assertThat(receiver.ackPoint()).isEqualTo(1000);
        assertThat(receiver.sackBlocks()).hasSize(3);
        assertThat(EthHeader.sackOptionBytes(3)).isEqualTo(28);
        assertThat(EthHeader.sackOptionBytes(1)).isEqualTo(12);
    }

    @Test
    void withSackOnlyTheHolesWithThreeSackedSegmentsAboveAreRetransmitted() {
        TcpSender sender = sender(1_000_000, true, false);
        sendAll(sender); // 0..10000; 2000 and 5000 are lost
        sender.onAck(2000, WINDOW, sack(3000, 4000));
        sender.onAck(2000, WINDOW, sack(3000, 5000));
        assertThat(sender.lostSegments()).isZero();
        assertThat(sender.inFastRecovery()).isFalse();

        sender.onAck(2000, WINDOW, sack(6000, 7000, 3000, 5000)); // three above 2000, one above 5000
        assertThat(sender.lostSegments()).isEqualTo(1);
        assertThat(sender.inFastRecovery()).isTrue();
        assertThat(sender.slowStartThreshold()).isEqualTo(4000); // flight (10000 - 2000) / 2
        assertThat(sender.congestionWindow()).isEqualTo(4000);
        List<EthHeader.Segment> first = sendAll(sender);
        assertThat(first).extracting(EthHeader.Segment::seq).containsExactly(2000L);
        assertThat(first.get(0).retransmission()).isTrue();

        sender.onAck(2000, WINDOW, sack(6000, 9000, 3000, 5000)); // now three above 5000
        List<EthHeader.Segment> second = sendAll(sender);
        assertThat(second).extracting(EthHeader.Segment::seq).containsExactly(5000L, 10_000L); // then new data
        assertThat(second.get(1).retransmission()).isFalse();
        assertThat(stats.retransmissions()).isEqualTo(2);
        assertThat(stats.fastRetransmits()).isEqualTo(1);

        sender.onAck(10_000, WINDOW);
        assertThat(sender.inFastRecovery()).isFalse();
        assertThat(sender.congestionWindow()).isEqualTo(4000);
        assertThat(sender.sackedSegments()).isZero();
    }

    @Test
    void withSackATimeoutResendsEveryUnsackedSegmentAndSkipsTheSackedOnes() {
        TcpSender sender = sender(1_000_000, true, false);
        sendAll(sender); // 0..10000 at 0 ns
        sender.onAck(0, WINDOW, sack(5000, 6000));
        kernel.runUntil(Time.seconds(1) - 1);
        assertThat(stats.timeouts()).isZero();
        kernel.runUntil(Time.seconds(1)); // RFC 6298 §2.1: 1 s before any sample
        assertThat(stats.timeouts()).isEqualTo(1);
        assertThat(sender.lostSegments()).isEqualTo(9);
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.seconds(2));

        List<EthHeader.Segment> resent = new ArrayList<>(sendAll(sender)); // cwnd 1 segment
        assertThat(resent).extracting(EthHeader.Segment::seq).containsExactly(0L);
        long ack = 1000;
        while (ack < 10_000) {
            sender.onAck(ack, WINDOW);
            List<EthHeader.Segment> more = sendAll(sender);
            resent.addAll(more);
            ack = more.stream().filter(EthHeader.Segment::retransmission).mapToLong(s -> s.seq() + s.length())
                    .max().orElse(10_000);
        }
        assertThat(resent).filteredOn(EthHeader.Segment::retransmission).extracting(EthHeader.Segment::seq)
                .containsExactly(0L, 1000L, 2000L, 3000L, 4000L, 6000L, 7000L, 8000L, 9000L);
    }

    @Test
    void aTailLossProbeFiresTwoSrttPlusTwoMillisecondsAfterTheLastSendWithNewData() {
        TcpSender sender = warmedUp(1_000_000, true, true);
        assertThat(sender.probeAt()).isEqualTo(-1); // nothing out
        List<EthHeader.Segment> burst = sendAll(sender); // cwnd 20 segments at 100 us
        assertThat(burst).hasSize(20);
        // PTO = 2 SRTT + TCP_TIMEOUT_MIN = 200 us + 2 ms, from the last send at 100 us
        assertThat(sender.probeAt()).isEqualTo(Time.micros(100) + Time.micros(200) + Time.millis(2));

        kernel.runUntil(Time.micros(2300) - 1);
        assertThat(sender.hasSegment()).isFalse();
        kernel.runUntil(Time.micros(2300));
        assertThat(sender.hasSegment()).isTrue();
        EthHeader.Segment probe = sender.nextSegment();
        assertThat(probe.seq()).isEqualTo(30_000); // new data: the receive window allows it
        assertThat(probe.retransmission()).isFalse();
        assertThat(stats.lossProbes()).isEqualTo(1);
        assertThat(sender.hasSegment()).isFalse();
        assertThat(sender.probeAt()).isEqualTo(-1);

        // the RTO of the head (sent at 100 us) still runs out at 100 us + 200 ms; no second probe
        kernel.runUntil(Time.micros(100) + Time.millis(200) - 1);
        assertThat(stats.timeouts()).isZero();
        assertThat(stats.lossProbes()).isEqualTo(1);
        kernel.runUntil(Time.micros(100) + Time.millis(200));
        assertThat(stats.timeouts()).isEqualTo(1);
    }

    @Test
    void rackMarksTheTailLostWhenTheProbeIsSackedAndRecoveryResendsIt() {
        TcpSender sender = warmedUp(1_000_000, true, true);
        sendAll(sender); // 10000..30000 at 100 us, all lost
        kernel.runUntil(Time.micros(2300));
        sender.nextSegment(); // the probe, 30000 at 2.3 ms
        kernel.runUntil(Time.micros(2400));
        sender.onAck(10_000, WINDOW, sack(30_000, 31_000)); // RACK RTT 100 us, reordering window 25 us

        assertThat(sender.lostSegments()).isEqualTo(20); // each sent 2.3 ms ago > 100 + 25 us
        assertThat(sender.inFastRecovery()).isTrue();
        assertThat(stats.fastRetransmits()).isEqualTo(1);
        assertThat(sender.slowStartThreshold()).isEqualTo(10_500); // flight 21000 / 2
        List<EthHeader.Segment> resent = sendAll(sender);
        assertThat(resent).extracting(EthHeader.Segment::seq).containsExactly(10_000L, 11_000L, 12_000L, 13_000L,
                14_000L, 15_000L, 16_000L, 17_000L, 18_000L, 19_000L);
        assertThat(resent).allMatch(EthHeader.Segment::retransmission);

        // resending the head restarted the RTO at 2.4 ms: 2.4 ms + 200 ms
        kernel.runUntil(Time.micros(2400) + Time.millis(200) - 1);
        assertThat(stats.timeouts()).isZero();
        kernel.runUntil(Time.micros(2400) + Time.millis(200));
        assertThat(stats.timeouts()).isEqualTo(1);
    }

    @Test
    void rackWaitsTheReorderingWindowBeforeMarkingALaterDeliveredSegmentsPredecessorLost() {
        TcpSender sender = warmedUp(1_000_000, true, true);
        sender.nextSegment(); // 10000 at 100 us
        kernel.runUntil(Time.micros(110));
        sender.nextSegment(); // 11000 at 110 us
        kernel.runUntil(Time.micros(210));
        sender.onAck(10_000, WINDOW, sack(11_000, 12_000)); // RACK RTT 100 us; window min RTT / 4 = 25 us

        assertThat(sender.lostSegments()).isZero();
        assertThat(sender.inFastRecovery()).isFalse();
        kernel.runUntil(Time.micros(225) - 1); // 100 us + 100 us + 25 us
        assertThat(sender.lostSegments()).isZero();
        kernel.runUntil(Time.micros(225));
        assertThat(sender.lostSegments()).isEqualTo(1);
        assertThat(sender.inFastRecovery()).isTrue();
        EthHeader.Segment again = sender.nextSegment();
        assertThat(again.seq()).isEqualTo(10_000);
        assertThat(again.retransmission()).isTrue();
    }

    @Test
    void withOneSegmentOutTheProbeAddsTheMinimumRtoAndIsCappedByTheRtoThenResendsTheLastSegment() {
        TcpSender sender = warmedUp(11_000, true, true);
        sendAll(sender); // the last segment, 10000..11000, at 100 us
        // 2 SRTT + minRto = 200.2 ms, capped by the RTO still to run: 100 us + 200 ms
        assertThat(sender.probeAt()).isEqualTo(Time.micros(100) + Time.millis(200));
        kernel.runUntil(Time.micros(100) + Time.millis(200));
        EthHeader.Segment probe = sender.nextSegment();
        assertThat(probe.seq()).isEqualTo(10_000);
        assertThat(probe.retransmission()).isTrue(); // no new data: the last segment again
        assertThat(stats.lossProbes()).isEqualTo(1);
        assertThat(stats.timeouts()).isZero();
    }

    @Test
    void switchedOffThereIsNoProbeAndWithoutSackNoRack() {
        TcpSender sender = warmedUp(1_000_000, true, false);
        sendAll(sender);
        assertThat(sender.probeAt()).isEqualTo(-1);
        kernel.runUntil(Time.millis(100));
        assertThat(sender.hasSegment()).isFalse();
        assertThat(stats.lossProbes()).isZero();
        assertThat(config(false, true).rackTlp()).isFalse(); // Linux: no RACK-TLP on a non-SACK connection
        assertThat(config(true, true).rackTlp()).isTrue();
    }
}
