package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/** PSNs, cumulative ACKs, go-back-N after loss and the local ACK timeout with retry_cnt. */
final class RcReliabilityTest {
    private static final int LENGTH = 256 * 1024;

    @Test
    void withoutLossEveryByteIsSentOnceAndEveryWriteCompletesInOrder() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(LENGTH, 1);
        MemoryRegion source = bed.a.register(src, LENGTH, false);
        long dst = bed.b.map(LENGTH);
        MemoryRegion target = bed.b.register(dst, LENGTH, false);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        for (int i = 0; i < 4; i++) {
            qp[0].postSend(WorkRequest.write(i, source, src + i * 65536L, 65536, dst + i * 65536L, target.rkey()));
        }
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::wrId).containsExactly(0L, 1L, 2L, 3L);
        assertThat(bed.a.counter("tx.bytes")).isEqualTo(LENGTH);
        assertThat(bed.b.read(dst, LENGTH)).isEqualTo(bed.a.read(src, LENGTH));
        assertThat(bed.a.counter("timeouts")).isZero();
    }

    @Test
    void lostPacketsAreRetransmittedAndOdpWritesStillLandExactly() {
        HcaTestbed bed = new HcaTestbed(Map.of("minAckTimeout", "0ns", "localAckTimeout", "6"), 0.02);
        long src = bed.a.mapFilled(LENGTH, 2);
        MemoryRegion source = bed.a.register(src, LENGTH, true);
        long dst = bed.b.map(LENGTH);
        MemoryRegion target = bed.b.register(dst, LENGTH, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        for (int i = 0; i < 16; i++) {
            qp[0].postSend(WorkRequest.write(i, source, src + i * 16384L, 16384, dst + i * 16384L, target.rkey()));
        }
        bed.run();
        assertThat(bed.a.sent).hasSize(16).allMatch(WorkCompletion::isSuccess);
        assertThat(bed.a.sent).extracting(WorkCompletion::wrId).isSorted();
        assertThat(bed.b.read(dst, LENGTH)).isEqualTo(bed.a.read(src, LENGTH));
        assertThat(bed.a.counter("tx.bytes")).isGreaterThan(LENGTH);
    }

    @Test
    void withNoAnswerTheRequestFailsAfterRetryCountPlusOneTimeouts() {
        HcaTestbed bed = new HcaTestbed(Map.of("minAckTimeout", "0ns", "localAckTimeout", "8"));
        long src = bed.a.mapFilled(4096, 3);
        MemoryRegion source = bed.a.register(src, 4096, false);
        QueuePair qa = bed.a.queuePair(bed.a.pd, new QueuePairConfig(16, 16, 2, 7));
        qa.connect(bed.b.hca.endpoint(), 999);
        qa.postSend(WorkRequest.write(1, source, src, 4096, 0, 1));
        bed.run();
        assertThat(bed.a.sent).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.TRANSPORT_RETRY_EXCEEDED);
        long timeout = 4096L << 8;
        assertThat(bed.a.counter("timeouts")).isEqualTo(3);
        assertThat(bed.a.sent.get(0).timeNanos()).isBetween(3 * timeout, 3 * timeout + 20_000);
        assertThat(bed.b.counter("rx.unknownQp")).isEqualTo(3);
    }
}
