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
    private static final TcpConfig CONFIG = new TcpConfig(MSS, 10, Time.millis(200), Time.seconds(120), 3);

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
        sender.onAck(2000, 1_000_000);
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
    void anAckResetsTheBackOffAndRttSamplesNeverTakeTheTimeoutBelowTheMinimum() {
        sendAll();
        kernel.runUntil(Time.millis(201));
        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(400));
        sender.nextSegment();
        sender.onAck(1000, 1_000_000);

        assertThat(sender.retransmissionTimeout()).isEqualTo(Time.millis(200));
        assertThat(sender.unacknowledged()).isEqualTo(1000);
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
}
