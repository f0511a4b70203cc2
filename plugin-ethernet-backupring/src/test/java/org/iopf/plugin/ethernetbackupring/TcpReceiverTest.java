package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class TcpReceiverTest {
    private static final int MSS = 100;

    private final List<long[]> deliveries = new ArrayList<>();

    private TcpReceiver receiver(long total) {
        return new TcpReceiver(total, MSS, 1000 * MSS, (seq, length) -> deliveries.add(new long[] {seq, length}));
    }

    private static EthHeader.Segment segment(long seq, long total) {
        return new EthHeader.Segment(1, seq, (int) Math.min(MSS, total - seq), false);
    }

    @Test
    void laterSegmentsAreNotAcknowledgedWhileTheOneAtTheAckPointWaitsForItsFault() {
        TcpReceiver r = receiver(1000);
        r.accept(0);
        r.placed(0);
        r.accept(100);
        r.pending(100); // faulted: in the backup ring
        r.accept(200);
        r.placed(200);

        assertThat(r.mayAcknowledge()).isFalse();
        assertThat(r.ackPoint()).isEqualTo(100);

        r.placed(100); // the fault is resolved, the IOprovider copied it
        assertThat(r.mayAcknowledge()).isTrue();
        assertThat(r.ackPoint()).isEqualTo(300);
        assertThat(deliveries).extracting(d -> d[0]).containsExactly(0L, 100L);
        assertThat(deliveries).extracting(d -> d[1]).containsExactly(100L, 200L);
    }

    @Test
    void aHoleLeftByADropIsAcknowledgedAsADuplicate() {
        TcpReceiver r = receiver(1000);
        r.accept(0);
        r.drop(0); // faulted on a cold ring
        r.accept(100);
        r.placed(100);

        assertThat(r.mayAcknowledge()).isTrue();
        assertThat(r.ackPoint()).isZero();
        assertThat(r.classify(segment(0, 1000))).isEqualTo(TcpReceiver.Arrival.NEW);
        assertThat(r.classify(segment(100, 1000))).isEqualTo(TcpReceiver.Arrival.DUPLICATE);
    }

    @Test
    void aSegmentBeyondTheWindowIsRefused() {
        TcpReceiver r = new TcpReceiver(10_000, MSS, 5 * MSS, (seq, len) -> { });
        assertThat(r.classify(segment(400, 10_000))).isEqualTo(TcpReceiver.Arrival.NEW);
        assertThat(r.classify(segment(500, 10_000))).isEqualTo(TcpReceiver.Arrival.OUT_OF_WINDOW);
    }

    /**
     * Property: whatever the order of arrivals, duplicates, drops and fault resolutions, the
     * application gets every byte exactly once and in order, and nothing is acknowledged while the
     * segment at the ACK point waits for its fault.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void everyByteIsDeliveredExactlyOnceInOrderUnderRandomFaults(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long total = 50 * MSS + random.nextInt(MSS) + 1;
        TcpReceiver r = receiver(total);
        int segments = (int) ((total + MSS - 1) / MSS);
        List<Long> waiting = new ArrayList<>(); // pending in the backup ring
        int steps = 0;
        while (!r.isComplete()) {
            if (++steps > 100_000) {
                throw new AssertionError("did not complete");
            }
            if (!waiting.isEmpty() && random.nextInt(3) == 0) {
                long seq = waiting.remove(random.nextInt(waiting.size()));
                if (random.nextInt(10) == 0) {
                    r.drop(seq); // the fault was terminated: the sender will send it again
                } else {
                    r.placed(seq);
                }
                continue;
            }
            long seq = (long) random.nextInt(segments) * MSS;
            EthHeader.Segment s = segment(seq, total);
            if (r.classify(s) != TcpReceiver.Arrival.NEW) {
                continue; // a duplicate is discarded
            }
            r.accept(seq);
            switch (random.nextInt(4)) {
                case 0 -> r.drop(seq);
                case 1 -> {
                    r.pending(seq);
                    waiting.add(seq);
                }
                default -> r.placed(seq);
            }
            assertThat(r.mayAcknowledge()).isEqualTo(waiting.stream().noneMatch(w -> w == r.ackPoint())
                    || r.isComplete());
        }
        long expected = 0;
        for (long[] d : deliveries) {
            assertThat(d[0]).isEqualTo(expected);
            assertThat(d[1]).isPositive();
            expected += d[1];
        }
        assertThat(expected).isEqualTo(total);
        assertThat(r.pendingSegments()).isZero();
    }
}
