package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;

/** Every verb moves exact bytes through on-demand regions, faulting where translations are missing. */
final class OdpTransferTest {
    private static final int LENGTH = 64 * 1024;

    @Test
    void writeFromResidentOdpSourceIntoUntouchedOdpTargetFaultsOnEachSideOnce() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(LENGTH, 3);
        MemoryRegion source = bed.a.register(src, LENGTH, true);
        long dst = bed.b.map(LENGTH);
        MemoryRegion target = bed.b.register(dst, LENGTH, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src + 100, LENGTH - 200, dst + 50, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).singleElement().matches(WorkCompletion::isSuccess);
        assertThat(bed.b.read(dst + 50, LENGTH - 200)).isEqualTo(bed.a.read(src + 100, LENGTH - 200));
        assertThat(bed.b.read(dst, 50)).containsOnly(0);
        // the source was resident in the OS but not in the HCA's table: a requester-side fault
        assertThat(bed.a.counter("npf.faults")).isEqualTo(1);
        assertThat(bed.b.counter("npf.faults")).isEqualTo(1);
        assertThat(bed.b.counter("npf.entries")).isEqualTo(16);
        assertThat(bed.b.counter("rnr.naksSent")).isEqualTo(bed.a.counter("rnr.naksReceived")).isPositive();
    }

    @Test
    void pinnedRegionsNeverFault() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(LENGTH, 4);
        MemoryRegion source = bed.a.register(src, LENGTH, false);
        long dst = bed.b.mapFilled(LENGTH, 5);
        MemoryRegion target = bed.b.register(dst, LENGTH, false);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, LENGTH, dst, target.rkey()));
        bed.run();
        assertThat(bed.b.read(dst, LENGTH)).isEqualTo(bed.a.read(src, LENGTH));
        assertThat(bed.a.counter("npf.faults") + bed.b.counter("npf.faults")).isZero();
        assertThat(bed.a.sent.get(0).timeNanos()).isLessThan(20_000);
    }

    @Test
    void sendAndWriteWithImmediateLandInUntouchedReceiveBuffers() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(2 * LENGTH, 6);
        MemoryRegion source = bed.a.register(src, 2 * LENGTH, true);
        long dst = bed.b.map(2 * LENGTH);
        MemoryRegion target = bed.b.register(dst, 2 * LENGTH, true);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[1].postReceive(new ReceiveRequest(10, dst, target.lkey(), LENGTH));
        qp[1].postReceive(new ReceiveRequest(11, 0, target.lkey(), 0));
        qp[0].postSend(WorkRequest.send(1, source, src, LENGTH));
        qp[0].postSend(WorkRequest.writeWithImmediate(2, source, src + LENGTH, LENGTH, dst + LENGTH, target.rkey(),
                0xCAFE));
        bed.run();
        assertThat(bed.a.sent).extracting(WorkCompletion::status).containsExactly(CompletionStatus.SUCCESS,
                CompletionStatus.SUCCESS);
        assertThat(bed.b.received).extracting(WorkCompletion::wrId).containsExactly(10L, 11L);
        assertThat(bed.b.received.get(1).immediate()).isEqualTo(0xCAFE);
        assertThat(bed.b.read(dst, 2 * LENGTH)).isEqualTo(bed.a.read(src, 2 * LENGTH));
        assertThat(bed.b.counter("npf.faults")).isEqualTo(2);
    }

    @Test
    void readPullsExactBytesIntoAnUntouchedLocalBuffer() {
        HcaTestbed bed = new HcaTestbed(Map.of("minAckTimeout", "1ms", "localAckTimeout", "7"));
        long dst = bed.a.map(LENGTH);
        MemoryRegion local = bed.a.register(dst, LENGTH, true);
        long src = bed.b.mapFilled(LENGTH, 7);
        MemoryRegion remote = bed.b.register(src, LENGTH, false);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.read(1, local, dst, LENGTH, src, remote.rkey()));
        bed.run();
        assertThat(bed.a.sent).singleElement().matches(WorkCompletion::isSuccess);
        assertThat(bed.a.read(dst, LENGTH)).isEqualTo(bed.b.read(src, LENGTH));
        assertThat(bed.a.counter("npf.faults")).isEqualTo(1);
        // the local fault ran while the request travelled; the responses that came before it was
        // resolved were dropped and asked for again
        assertThat(bed.a.counter("read.responseDrops")).isPositive();
        assertThat(bed.a.counter("timeouts")).isZero();
    }

    @Test
    void aFaultTheOsCannotResolveEndsInARemoteAccessError() {
        HcaTestbed bed = new HcaTestbed();
        long src = bed.a.mapFilled(LENGTH, 8);
        MemoryRegion source = bed.a.register(src, LENGTH, false);
        long dst = bed.b.map(LENGTH);
        MemoryRegion target = bed.b.register(dst, LENGTH, true);
        bed.b.mm.munmap(bed.b.space, dst, LENGTH);
        QueuePair[] qp = bed.connect(QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.write(1, source, src, LENGTH, dst, target.rkey()));
        bed.run();
        assertThat(bed.a.sent).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
        assertThat(bed.b.counter("npf.failed")).isEqualTo(1);
        assertThat(qp[1].state()).isEqualTo(org.iopf.api.nic.QueuePairState.ERROR);
    }
}
