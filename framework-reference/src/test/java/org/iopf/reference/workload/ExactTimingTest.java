package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.assertj.core.data.Percentage;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Completion times derived from the pinned baseline's figures before running: 100 Gbps ports and
 * links, 500 ns per link, 300 ns through the switch (store and forward, so a packet is serialized
 * again on the switch's downlink), 42 B of header per data or READ-request packet, 30 B per ACK,
 * 4 KiB MTU; the plain DMA engine moves 4 KiB chunks at 10 GB/s after 2 x 50 ns of translation.
 */
final class ExactTimingTest {
    private static final DataRate LINK = DataRate.gbps(100);
    private static final long LINK_LATENCY = Time.nanos(500);
    private static final long SWITCH = Time.nanos(300);
    private static final long DATA_HEADER = 42;
    private static final long ACK = 30;
    private static final long MTU = 4096;
    /** The latency histogram keeps three significant digits: its max is exact to 0.1 %. */
    private static final Percentage HISTOGRAM_PRECISION = Percentage.withPercentage(0.1);

    /** Time for one packet from its first bit on the sender's port to its arrival at the receiver. */
    private static long oneWay(long packetBytes) {
        return LINK.nanosFor(packetBytes) + LINK_LATENCY + SWITCH + LINK.nanosFor(packetBytes) + LINK_LATENCY;
    }

    @Test
    void oneMebibyteReadCompletesWhenItsLastResponseArrives() {
        long mib = 1L << 20;
        // a 42 B request: 4 + 500 + 300 + 4 + 500 = 1 308 ns at the responder; 256 responses of
        // 4096 + 42 B leave back to back at 332 ns each; the last arrives 500 + 300 + 332 + 500 later
        long requestArrives = oneWay(DATA_HEADER);
        long packet = LINK.nanosFor(MTU + DATA_HEADER);
        long expected = requestArrives + (mib / MTU) * packet + LINK_LATENCY + SWITCH + packet + LINK_LATENCY;
        assertThat(expected).isEqualTo(87_932);

        WorkloadRun run = WorkloadRun.of("rdma-read-stream", 7,
                Map.of("messageSize", "1MiB", "messages", "1", "concurrency", "1"));

        assertThat(run.context.finishedAt()).isEqualTo(expected);
        assertThat(run.gauge("workload.elapsed")).isEqualTo(expected);
        assertThat(run.histogram("workload.latency").max()).isCloseTo(expected, HISTOGRAM_PRECISION);
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
    }

    @Test
    void oneMebibyteWriteKeepsItsTime() {
        WorkloadRun run = WorkloadRun.of("rdma-write-stream", 7,
                Map.of("messageSize", "1MiB", "messages", "1", "concurrency", "1"));

        assertThat(run.context.finishedAt()).isEqualTo(87_930);
        assertThat(run.counter("workload.messages")).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"send", "write-imm"})
    void one64ByteRoundTrip(String verb) {
        // ping: 106 B, 9 + 500 + 300 + 9 + 500 = 1 318 ns; the target's ACK (3 ns) goes out first,
        // then the 106 B echo leaves at 1 321 ns and arrives 1 318 ns later (the ACK is through
        // the switch's downlink 9 ns before the echo reaches it)
        long packet = 64 + DATA_HEADER;
        long expected = oneWay(packet) + LINK.nanosFor(ACK) + oneWay(packet);
        assertThat(expected).isEqualTo(2_639);

        WorkloadRun run = WorkloadRun.of("ping-pong", 7, Map.of("messages", "1", "verb", verb));

        assertThat(run.context.finishedAt()).isEqualTo(expected);
        assertThat(run.histogram("workload.latency").max()).isCloseTo(expected, HISTOGRAM_PRECISION);
        assertThat(run.counter("workload.bytes")).isEqualTo(2 * 64);
    }

    @Test
    void oneMebibyteDmaCopy() {
        // 256 chunks of 4 KiB at 10 GB/s take ceil(409.6) = 410 ns each; only the first chunk's two
        // 50 ns translations show, the others overlap the data path
        long expected = (1L << 20) / MTU * DataRate.gigabytesPerSecond(10).nanosFor(MTU) + 2 * Time.nanos(50);
        assertThat(expected).isEqualTo(105_060);

        WorkloadRun run = WorkloadRun.of("dma-copy-stream", 7,
                Map.of("blockSize", "1MiB", "messages", "1", "concurrency", "1"));

        assertThat(run.context.finishedAt()).isEqualTo(expected);
        assertThat(run.histogram("workload.latency").max()).isCloseTo(expected, HISTOGRAM_PRECISION);
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
    }
}
