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

    /**
     * Property: after any order of placements, the SACK blocks are the runs of placed segments
     * above the ACK point, the run of the latest placement first, then the highest others, at most
     * three; none once everything placed is below the ACK point.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void sackBlocksAreTheRunsAboveTheAckPointLatestFirst(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int segments = 60;
        TcpReceiver r = receiver((long) segments * MSS);
        boolean[] placed = new boolean[segments];
        for (int step = 0; step < 200 && !r.isComplete(); step++) {
            int i = random.nextInt(segments);
            if (placed[i] || r.classify(segment((long) i * MSS, (long) segments * MSS)) != TcpReceiver.Arrival.NEW) {
                continue;
            }
            r.accept((long) i * MSS);
            r.placed((long) i * MSS);
            placed[i] = true;
            assertThat(r.sackBlocks()).containsExactlyElementsOf(expectedBlocks(placed, r.ackPoint(), i));
        }
    }

    /** RFC 2018 §4 from the set of placed segments alone. */
    private static List<EthHeader.SackBlock> expectedBlocks(boolean[] placed, long ackPoint, int latest) {
        List<long[]> runs = new ArrayList<>(); // highest first
        for (int i = placed.length - 1; i >= 0 && (long) i * MSS >= ackPoint; i--) {
            if (placed[i] && (i + 1 == placed.length || !placed[i + 1])) {
                int start = i;
                while (start > 0 && placed[start - 1] && (long) (start - 1) * MSS >= ackPoint) {
                    start--;
                }
                runs.add(new long[] {(long) start * MSS, (long) (i + 1) * MSS});
            }
        }
        List<EthHeader.SackBlock> blocks = new ArrayList<>();
        for (long[] run : runs) {
            if (run[0] <= (long) latest * MSS && (long) latest * MSS < run[1]) {
                blocks.add(new EthHeader.SackBlock(run[0], run[1]));
            }
        }
        for (long[] run : runs) {
            if (blocks.size() < EthHeader.MAX_SACK_BLOCKS
                    && (blocks.isEmpty() || blocks.get(0).start() != run[0])) {
                blocks.add(new EthHeader.SackBlock(run[0], run[1]));
            }
        }
        return blocks;
    }
}
