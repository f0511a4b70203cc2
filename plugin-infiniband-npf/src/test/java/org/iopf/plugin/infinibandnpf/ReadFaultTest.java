package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** An RDMA READ whose responder faults is dropped; the requester asks again after its timeout (B3, B4). */
final class ReadFaultTest {
    private static final int LENGTH = 8192;

    private static HcaTestbed readFromUntranslated(Map<String, String> nic, QueuePairConfig config) {
        HcaTestbed bed = new HcaTestbed(nic);
        long dst = bed.a.mapFilled(LENGTH, 1);
        MemoryRegion local = bed.a.register(dst, LENGTH, false);
        // resident in the OS, but the HCA's table of an on-demand region starts empty
        long src = bed.b.mapFilled(LENGTH, 2);
        MemoryRegion remote = bed.b.register(src, LENGTH, true);
        QueuePair[] qp = bed.connect(config);
        qp[0].postSend(WorkRequest.read(1, local, dst, LENGTH, src, remote.rkey()));
        bed.run();
        if (bed.a.sent.get(0).isSuccess()) {
            assertThat(bed.a.read(dst, LENGTH)).isEqualTo(bed.b.read(src, LENGTH));
        }
        return bed;
    }

    @Test
    void theStallIsTheDefaultTimeoutAlthoughTheFaultTakesMicroseconds() {
        HcaTestbed bed = readFromUntranslated(Map.of(), QueuePairConfig.DEFAULT);
        WorkCompletion done = bed.a.sent.get(0);
        assertThat(done.status()).isEqualTo(CompletionStatus.SUCCESS);
        assertThat(done.timeNanos()).isBetween(Time.millis(200), Time.millis(200) + Time.micros(10));
        assertThat(bed.b.counter("read.faultDrops")).isEqualTo(1);
        assertThat(bed.b.counter("rnr.naksSent")).isZero();
        assertThat(bed.a.counter("timeouts")).isEqualTo(1);
        assertThat(bed.b.histogram("npf.latency").max()).isLessThan(Time.micros(250));
    }

    @Test
    void aTunedTimerCutsTheStallToAMillisecond() {
        HcaTestbed bed = readFromUntranslated(Map.of("minAckTimeout", "1ms", "localAckTimeout", "7"),
                QueuePairConfig.DEFAULT);
        assertThat(bed.a.sent.get(0).timeNanos()).isBetween(Time.millis(1), Time.millis(1) + Time.micros(10));
        assertThat(bed.b.histogram("rx.faultStall").max()).isBetween(Time.millis(1), Time.millis(1) + Time.micros(10));
    }

    @Test
    void theDroppedReadCostsOneTransportRetry() {
        HcaTestbed bed = readFromUntranslated(Map.of("minAckTimeout", "1ms", "localAckTimeout", "7"),
                new QueuePairConfig(16, 16, 0, 7));
        assertThat(bed.a.sent).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.TRANSPORT_RETRY_EXCEEDED);
    }
}
