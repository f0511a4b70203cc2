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
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/** RNR NAKs carry the responder's 5-bit timer; the requester waits it and retries rnr_retry times. */
final class RnrTest {
    private HcaTestbed bed;
    private MemoryRegion source;
    private MemoryRegion target;
    private long src;
    private long dst;

    private QueuePair[] setUp(String timerCode, QueuePairConfig config) {
        bed = new HcaTestbed(Map.of("minRnrTimer", timerCode));
        src = bed.a.mapFilled(4096, 1);
        source = bed.a.register(src, 4096, false);
        dst = bed.b.mapFilled(4096, 2);
        target = bed.b.register(dst, 4096, false);
        return bed.connect(config);
    }

    @Test
    void aSendWithoutReceiveIsRetriedEveryTimerPeriodUntilOneIsPosted() {
        QueuePair[] qp = setUp("5", QueuePairConfig.DEFAULT);
        qp[0].postSend(WorkRequest.send(1, source, src, 4096));
        long postAt = Time.micros(500);
        bed.sim.kernel().schedule(postAt, () -> qp[1].postReceive(new ReceiveRequest(9, dst, target.lkey(), 4096)));
        bed.run();
        WorkCompletion done = bed.a.sent.get(0);
        assertThat(done.status()).isEqualTo(CompletionStatus.SUCCESS);
        // the first retry after the receive is posted: within one 60 us period and a round trip
        assertThat(done.timeNanos()).isBetween(postAt, postAt + Time.micros(60) + Time.micros(10));
        // one NAK per (60 us + round trip) until then
        assertThat(bed.b.counter("rnr.naksSent")).isBetween(7L, 9L);
        assertThat(bed.b.read(dst, 4096)).isEqualTo(bed.a.read(src, 4096));
    }

    @Test
    void rnrRetryLimitsTheRetries() {
        QueuePair[] qp = setUp("1", new QueuePairConfig(16, 16, 7, 3));
        qp[0].postSend(WorkRequest.send(1, source, src, 4096));
        bed.run();
        assertThat(bed.a.sent).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.RNR_RETRY_EXCEEDED);
        assertThat(bed.a.counter("rnr.naksReceived")).isEqualTo(4);
        assertThat(qp[0].state()).isEqualTo(org.iopf.api.nic.QueuePairState.ERROR);
    }

    @Test
    void rnrRetrySevenRetriesForever() {
        QueuePair[] qp = setUp("1", new QueuePairConfig(16, 16, 7, 7));
        qp[0].postSend(WorkRequest.send(1, source, src, 4096));
        bed.sim.kernel().schedule(Time.millis(2), () -> qp[1].postReceive(new ReceiveRequest(9, dst, target.lkey(),
                4096)));
        bed.run();
        assertThat(bed.a.sent).singleElement().matches(WorkCompletion::isSuccess);
        assertThat(bed.a.counter("rnr.naksReceived")).isGreaterThan(100);
    }
}
