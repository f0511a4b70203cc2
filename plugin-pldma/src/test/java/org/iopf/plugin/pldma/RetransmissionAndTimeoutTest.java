package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.dma.DmaStatus;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class RetransmissionAndTimeoutTest {
    private static final long LENGTH = 1L << 20;

    private static long[] buffers(PldmaTestbed bed, long length) {
        long src = PldmaTestbed.map(bed.node1, bed.space1, length);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, length);
        PldmaTestbed.fill(bed.node1, bed.space1, src, length, 5);
        bed.library1.register(src, length);
        bed.library2.register(dst, length);
        return new long[] {src, dst};
    }

    private static void assertDeliveredExactlyOnce(PldmaTestbed bed, long src, long dst, long length) {
        assertThat(PldmaTestbed.read(bed.node2, bed.space2, dst, (int) length))
                .isEqualTo(PldmaTestbed.read(bed.node1, bed.space1, src, (int) length));
        assertThat(bed.metric("node2.dma.bytes.written")).isEqualTo(length);
    }

    @Test
    void lostPacketsAreNackedAndRetransmittedAndEveryByteArrivesOnce() {
        PldmaTestbed bed = PldmaTestbed.config().loss(0.01).build();
        long[] b = buffers(bed, LENGTH);

        bed.library1.rdmaWrite(0, b[0], bed.node2.id(), b[1], LENGTH, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(DmaStatus.OK));
        assertDeliveredExactlyOnce(bed, b[0], b[1], LENGTH);
        assertThat(bed.metric("node2.dma.nacks.sent")).isPositive();
        assertThat(bed.metric("node1.dma.nacks.received")).isPositive();
        assertThat(bed.metric("node1.dma.retransmissions")).isGreaterThanOrEqualTo(bed.metric("node1.dma.nacks.received"));
        // a NACK retransmits at once; only losses the receiver cannot see (the last packet of a
        // block, or an ACK) wait for the retransmission timer
        assertThat(bed.metric("node1.dma.timeouts")).isLessThan(bed.metric("node1.dma.nacks.received"));
    }

    @Test
    void aStuckPldmaIsResetByTheR5TimeoutAndTheBlockArrivesOnce() {
        PldmaTestbed bed = PldmaTestbed.config().pldma("hangEvery", "5").pldma("timeoutPeriod", "1ms").build();
        long[] b = buffers(bed, 8 * 16384);

        bed.library1.rdmaWrite(0, b[0], bed.node2.id(), b[1], 8 * 16384, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.retries()).isEqualTo(1);
            assertThat(c.latencyNanos()).isGreaterThan(Time.millis(1));
        });
        assertThat(bed.metric("node1.dma.transfers.stuck")).isEqualTo(1);
        assertThat(bed.metric("node1.dma.r5.timeouts")).isEqualTo(1);
        assertThat(bed.metric("node1.dma.transfers.reset")).isEqualTo(1);
        assertDeliveredExactlyOnce(bed, b[0], b[1], 8 * 16384);
    }

    @Test
    void aBlockResetHalfDeliveredIsSentAgainAndTheReceiverWritesNoByteTwice() {
        // the destination's fault takes 2 ms to resolve, longer than the 1 ms R5 timeout: the block
        // is reset while paused with part of it written, and submitted again under the same key
        PldmaTestbed bed = PldmaTestbed.config().pldma("timeoutPeriod", "1ms").faults("resolveLatency", "2ms")
                .build();
        long src = PldmaTestbed.map(bed.node1, bed.space1, 16384);
        long dst = PldmaTestbed.map(bed.node2, bed.space2, 16384);
        PldmaTestbed.fill(bed.node1, bed.space1, src, 16384, 5);
        bed.node2.memoryManager().fill(bed.space2, dst, 8192, 1); // page 2 faults
        bed.node2.memoryManager().fill(bed.space2, dst + 12288, 4096, 1);
        bed.library1.register(src, 16384);
        bed.library2.register(dst, 16384);

        bed.library1.rdmaWrite(0, src, bed.node2.id(), dst, 16384, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.OK);
            assertThat(c.retries()).isPositive();
        });
        assertThat(bed.metric("node1.dma.r5.timeouts")).isPositive();
        assertThat(bed.metric("node2.dma.packets.duplicate")).isPositive();
        assertDeliveredExactlyOnce(bed, src, dst, 16384);
    }

    @Test
    void aBlockThatNeverCompletesFailsWithTimeoutAfterTheRetryLimit() {
        PldmaTestbed bed = PldmaTestbed.config().pldma("hangEvery", "1").pldma("timeoutPeriod", "1ms")
                .pldma("retryLimit", "3").build();
        long[] b = buffers(bed, 16384);

        bed.library1.rdmaWrite(0, b[0], bed.node2.id(), b[1], 16384, bed.completions::add);
        bed.run();

        assertThat(bed.completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.TIMEOUT);
            assertThat(c.bytes()).isZero();
            assertThat(c.retries()).isEqualTo(3);
            // four attempts of 1 ms each, plus the firmware and library time around them:
            // call 1 us + 4 x program 1 us + completion 1 us
            assertThat(c.latencyNanos()).isEqualTo(Time.millis(4) + Time.micros(6));
        });
        assertThat(bed.metric("node1.dma.r5.timeouts")).isEqualTo(4);
        assertThat(bed.metric("node1.dma.r5.blocks.failed")).isEqualTo(1);
        assertThat(bed.metric("node2.dma.bytes.written")).isZero();
    }

    @Test
    void aTransferToANodeWithoutAPldmaFailsAfterTheTransportRetries() {
        PldmaTestbed bed = PldmaTestbed.standard();
        long[] b = buffers(bed, 16384);
        java.util.List<org.iopf.api.dma.DmaCompletion> completions = new java.util.ArrayList<>();

        bed.engine1.submit(new org.iopf.api.dma.DmaDescriptor(1, PldmaTestbed.STREAM, 0, b[0],
                new org.iopf.api.platform.NodeId("node9"), b[1], 16384), completions::add);
        bed.run();

        assertThat(completions).singleElement().satisfies(c -> {
            assertThat(c.status()).isEqualTo(DmaStatus.TIMEOUT);
            assertThat(c.bytesTransferred()).isZero();
            // eight retransmission timeouts of 20 us after the last packet left
            assertThat(c.latencyNanos()).isBetween(Time.micros(8 * 20), Time.micros(8 * 20 + 20));
        });
        assertThat(bed.metric("node1.dma.timeouts")).isEqualTo(8);
    }

    @Test
    void aTimeoutPeriodBelowOneMillisecondIsRefused() {
        assertThatThrownBy(() -> PldmaTestbed.config().pldma("timeoutPeriod", "999us").build())
                .hasMessageContaining("timeoutPeriod: '999us' is out of range; expected a duration in 1ms..100s");
    }
}
