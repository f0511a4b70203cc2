package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.core.sim.EventKernel;
import org.junit.jupiter.api.Test;

final class TcpSenderTest {
    private static final int MSS = 1000;
    private static final TcpConfig CONFIG = new TcpConfig(MSS, 10, Time.seconds(1), Time.millis(200), Time.seconds(120), 3, 15);

    private final EventKernel kernel = new EventKernel();
    private final MetricRegistry metrics = new MetricRegistry();
    private final TcpStats stats = new TcpStats(metrics, Tracer.NONE, "node1/nic0");
    private final TcpSender sender = new TcpSender(1, 1_000_000, 1_000_000, CONFIG, kernel, stats, () -> { });

    private List<EthHeader.Segment> sendAll() {
        List<EthHeader.Segment> sent = new ArrayList<>();
        while (sender.hasSegment()) {
            sent.add(sender.nextSegment());
        }
        return sent;
    }

    @Test
    void slowStartSendsTheInitialWindowThenGrowsByEveryByteAcknowledged() {
        List<EthHeader.Segment> first = sendAll();
        assertThat(first).hasSize(10);
        assertThat(first).extracting(EthHeader.Segment::seq).containsExactly(0L, 1000L, 2000L, 3000L, 4000L, 5000L,
                6000L, 7000L, 8000L, 9000L);

        for (int i = 1; i <= 10; i++) {
            sender.onAck(i * 1000L, 1_000_000);
        }

        assertThat(sender.congestionWindow()).isEqualTo(20 * MSS);
        assertThat(sendAll()).hasSize(20);
    }

    @Test
    void threeDuplicateAcksRetransmitTheHoleAndHalveTheFlightIntoTheThreshold() {
        sendAll();
        sender.onAck(1000, 1_000_000); // cwnd 11000: two more segments go out, up to 12000
        sendAll();
        for (int i = 0; i < 3; i++) {
            sender.onAck(1000, 1_000_000);
        }

        assertThat(sender.inFastRecovery()).isTrue();
        assertThat(sender.slowStartThreshold()).isEqualTo(5500); // flight (12000 - 1000) / 2
        assertThat(sender.congestionWindow()).isEqualTo(5500 + 3 * MSS);
        EthHeader.Segment again = sender.nextSegment();
        assertThat(again.seq()).isEqualTo(1000);
        assertThat(again.retransmission()).isTrue();
        assertThat(stats.fastRetransmits()).isEqualTo(1);

        sender.onAck(12_000, 1_000_000); // everything: recovery ends at the threshold
        assertThat(sender.inFastRecovery()).isFalse();
        assertThat(sender.congestionWindow()).isEqualTo(5500);
    }

    @Test
    void aboveTheThresholdTheWindowGrowsByAboutOneSegmentPerWindowAcknowledged() {
        threeDuplicateAcksRetransmitTheHoleAndHalveTheFlightIntoTheThreshold();
        sendAll();
        long before = sender.congestionWindow();
        for (int i = 1; i <= 5; i++) {
            sender.onAck(12_000 + i * 1000L, 1_000_000);
        }
        assertThat(sender.congestionWindow() - before).isBetween(800L, (long) MSS);
    }

    @Test
    void aTimeoutGoesBackToTheFirstUnacknowledgedByteWithOneSegmentAndDoublesTheTimeout() {
        sendAll();
        sender.onAck(2000, 1_000_000); // an RTT sample of 0 ns: RTO = TCP_RTO_MIN
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(200));
        sendAll();
        kernel.runUntil(Time.millis(250));

        assertThat(stats.timeouts()).isEqualTo(1);
        assertThat(sender.congestionWindow()).isEqualTo(MSS);
        assertThat(sender.slowStartThreshold()).isEqualTo(6000); // flight (14000 - 2000) / 2
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(400));
        List<EthHeader.Segment> resent = sendAll();
        assertThat(resent).hasSize(1);
        assertThat(resent.get(0).seq()).isEqualTo(2000);
        assertThat(resent.get(0).retransmission()).isTrue();

        kernel.runUntil(Time.millis(250) + Time.millis(400) + 1);
        assertThat(stats.timeouts()).isEqualTo(2);
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(800));
    }

    @Test
    void theFirstTimeoutBeforeAnyRttSampleIsOneSecond() {
        kernel.runUntil(Time.millis(5));
        sendAll(); // at 5 ms: the timer is armed with RFC 6298 §2.1's 1 s
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.seconds(1));
        kernel.runUntil(Time.millis(5) + Time.seconds(1) - 1);
        assertThat(stats.timeouts()).isZero();
        kernel.runUntil(Time.millis(5) + Time.seconds(1));
        assertThat(stats.timeouts()).isEqualTo(1);
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.seconds(2));
        assertThat(sender.smoothedRtt()).isEqualTo(-1);
    }

    @Test
    void anAckOfARetransmittedSegmentKeepsTheBackOffAndAValidSampleEndsIt() {
        sendAll(); // 0..10000 at 0 ns
        kernel.runUntil(Time.seconds(1)); // first timeout at 1 s: RTO 2 s
        EthHeader.Segment again = sender.nextSegment();
        assertThat(again.retransmission()).isTrue();
        kernel.runUntil(Time.seconds(1) + Time.micros(30));
        sender.onAck(1000, 1_000_000); // acknowledges the retransmission: no sample (Karn)

        assertThat(sender.unacknowledged()).isEqualTo(1000);
        assertThat(sender.smoothedRtt()).isEqualTo(-1);
        assertThat(sender.retransmissionTimeout()).as("back-off kept").isEqualTo(Time.seconds(2));
        // the timer restarts at the ACK with the backed-off RTO: next expiry at 1 s + 30 us + 2 s
        kernel.runUntil(Time.seconds(3) + Time.micros(30) - 1);
        assertThat(stats.timeouts()).isEqualTo(1);
        kernel.runUntil(Time.seconds(3) + Time.micros(30));
        assertThat(stats.timeouts()).isEqualTo(2);
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.seconds(4));

        // go-back-N resends 1000..10000 (retransmissions, not timed); 10000.. is new and timed
        long sentAt = kernel.now();
        sender.onAck(10_000, 1_000_000); // cwnd grows: new data may go
        List<EthHeader.Segment> fresh = sendAll();
        assertThat(fresh).extracting(EthHeader.Segment::seq).contains(10_000L);
        assertThat(fresh.get(0).retransmission()).isFalse();
        kernel.runUntil(sentAt + Time.micros(100));
        sender.onAck(11_000, 1_000_000); // a valid sample of 100 us: SRTT 100 us, RTTVAR 50 us

        assertThat(sender.smoothedRtt()).isEqualTo(Time.micros(100));
        assertThat(sender.retransmissionTimeout()).as("back-off ended, clamped to TCP_RTO_MIN")
                .isEqualTo(Time.millis(200));
    }

    @Test
    void rttSamplesFollowRfc6298WithAlphaAnEighthBetaAQuarterAndK4() {
        TcpConfig small = new TcpConfig(MSS, 10, Time.seconds(1), Time.micros(1), Time.seconds(120), 3, 15);
        TcpSender s = new TcpSender(1, 1_000_000, 1_000_000, small, kernel,
                new TcpStats(new MetricRegistry(), Tracer.NONE, "t"), () -> { });
        s.nextSegment(); // 0..1000 at 0
        kernel.runUntil(Time.micros(800));
        s.onAck(1000, 1_000_000); // R = 800 us: SRTT 800, RTTVAR 400, RTO 800 + 1600 = 2400 us
        assertThat(s.smoothedRtt()).isEqualTo(Time.micros(800));
        assertThat(s.retransmissionTimeout()).isEqualTo(Time.micros(2400));
        s.nextSegment(); // 1000..2000 at 800 us
        kernel.runUntil(Time.micros(800 + 400));
        s.onAck(2000, 1_000_000); // R = 400 us: RTTVAR 3/4 400 + 1/4 |800-400| = 400, SRTT 750
        assertThat(s.smoothedRtt()).isEqualTo(Time.micros(750));
        assertThat(s.retransmissionTimeout()).isEqualTo(Time.micros(750 + 1600));
    }

    @Test
    void theReceiversWindowLimitsWhatIsInFlight() {
        TcpSender narrow = new TcpSender(1, 1_000_000, 3 * MSS, CONFIG, kernel,
                new TcpStats(new MetricRegistry(), Tracer.NONE, "t"), () -> { });
        int sent = 0;
        while (narrow.hasSegment()) {
            narrow.nextSegment();
            sent++;
        }
        assertThat(sent).isEqualTo(3);
    }

    @Test
    void theLastSegmentIsShortAndTheSenderIsDoneWhenItIsAcknowledged() {
        TcpSender small = new TcpSender(1, 2500, 1_000_000, CONFIG, kernel,
                new TcpStats(new MetricRegistry(), Tracer.NONE, "t"), () -> { });
        List<Integer> lengths = new ArrayList<>();
        while (small.hasSegment()) {
            lengths.add(small.nextSegment().length());
        }
        assertThat(lengths).containsExactly(1000, 1000, 500);
        small.onAck(2500, 1_000_000);
        assertThat(small.isDone()).isTrue();
    }

    @Test
    void withTheRtoAtItsFloorTheConnectionGivesUpAtTheFirstExpiry924point6SecondsAfterItsFirstRetransmission() {
        List<Long> retransmittedAt = new ArrayList<>();
        List<Long> gaveUp = new ArrayList<>();
        TcpSender[] s = new TcpSender[1];
        s[0] = new TcpSender(1, 1_000_000, 1_000_000, CONFIG, kernel, stats, () -> kernel.schedule(0, () -> {
            while (s[0].hasSegment()) {
                if (s[0].nextSegment().retransmission()) {
                    retransmittedAt.add(kernel.now());
                }
            }
        }));
        s[0].onGiveUp(() -> gaveUp.add(kernel.now()));
        while (s[0].hasSegment()) {
            s[0].nextSegment();
        }
        kernel.runUntil(Time.micros(10));
        s[0].onAck(1000, 1_000_000); // a 10 us sample: RTO 200 ms, the timer restarts at 10 us
        kernel.run();

        // expiries at 10 us + 0.2 s (2^k - 1) up to 204.6 s, then every TCP_RTO_MAX (120 s); the first
        // retransmission is at 0.2 s, so the expiry at 924.6 s is 924.4 s after it: one more
        // retransmission, and the expiry at 1044.6 s gives up (tcp_timer.c retransmits_timed_out)
        List<Long> expected = new ArrayList<>();
        long t = 0;
        long rto = Time.millis(200);
        for (int k = 1; k <= 16; k++) {
            t += rto;
            expected.add(Time.micros(10) + t);
            rto = Math.min(2 * rto, Time.seconds(120));
        }
        assertThat(retransmittedAt).containsExactlyElementsOf(expected);
        assertThat(expected.get(15)).isEqualTo(Time.micros(10) + Time.millis(924_600));
        assertThat(gaveUp).containsExactly(Time.micros(10) + Time.millis(1_044_600));
        assertThat(s[0].gaveUpAt()).isEqualTo(Time.micros(10) + Time.millis(1_044_600));
        assertThat(stats.timeouts()).as("16 retransmitting expiries and the one that gives up").isEqualTo(17);
        assertThat(stats.gaveUpConnections()).isEqualTo(1);
        assertThat(s[0].hasSegment()).isFalse();
        assertThat(CONFIG.giveUpNanos()).isEqualTo(Time.millis(924_600));
    }

    @Test
    void tcpRetries2SetsTheGiveUpTimeAsLinuxModelsIt() {
        assertThat(new TcpConfig(MSS, 10, Time.seconds(1), Time.millis(200), Time.seconds(120), 3, 3).giveUpNanos())
                .isEqualTo(Time.millis(200) * 15); // (2^4 - 1) * TCP_RTO_MIN
        assertThat(new TcpConfig(MSS, 10, Time.seconds(1), Time.millis(200), Time.seconds(120), 3, 9).giveUpNanos())
                .isEqualTo(Time.millis(200) * 1023);
        assertThat(new TcpConfig(MSS, 10, Time.seconds(1), Time.millis(200), Time.seconds(120), 3, 10).giveUpNanos())
                .isEqualTo(Time.millis(204_600) + Time.seconds(120));
    }
}
