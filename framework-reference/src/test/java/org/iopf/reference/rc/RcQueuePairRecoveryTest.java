package org.iopf.reference.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

final class RcQueuePairRecoveryTest {
    private static final long RNR_DELAY = Time.micros(10);
    /** localAckTimeout 4: 4.096 us x 2^4 = 65.536 us. */
    private static final Map<String, String> SHORT_TIMEOUT = Map.of("localAckTimeout", "4");
    private static final long ACK_TIMEOUT = 65_536;

    @Test
    void aSendWithoutAReceiveIsRetriedAfterTheRnrDelayAndSucceedsOnceOneIsPosted() {
        RcTestbed bed = new RcTestbed();
        bed.a.qp.postSend(WorkRequest.send(1, bed.a.region, bed.a.base, 5000));
        bed.sim.kernel().schedule(Time.micros(3), () ->
                bed.b.qp.postReceive(new ReceiveRequest(8, bed.b.base, bed.b.region.lkey(), 8192)));
        bed.run();

        assertThat(bed.a.sendCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            // one RNR NAK, then the retry after the RNR delay succeeds
            assertThat(wc.timeNanos()).isBetween(RNR_DELAY, 2 * RNR_DELAY);
        });
        assertThat(bed.b.recvCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(8);
            assertThat(wc.byteLength()).isEqualTo(5000);
            assertThat(wc.timeNanos()).isGreaterThan(RNR_DELAY);
        });
        assertThat(bed.b.read(bed.b.base, 5000)).isEqualTo(bed.a.read(bed.a.base, 5000));
    }

    @Test
    void repeatedRnrKeepsRetryingUntilAReceiveIsPosted() {
        RcTestbed bed = new RcTestbed();
        bed.a.qp.postSend(WorkRequest.writeWithImmediate(1, bed.a.region, bed.a.base, 100, bed.b.base,
                bed.b.region.rkey(), 42));
        bed.sim.kernel().schedule(Time.micros(35), () ->
                bed.b.qp.postReceive(new ReceiveRequest(8, bed.b.base, bed.b.region.lkey(), 0)));
        bed.run();

        assertThat(bed.a.sendCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(wc.timeNanos()).isBetween(Time.micros(35), Time.micros(35) + RNR_DELAY + Time.micros(2));
        });
        assertThat(bed.b.recvCompletions).singleElement().extracting(WorkCompletion::immediate).isEqualTo(42);
    }

    @Test
    void withoutAnyReceiveTheSendFailsAfterRnrRetryRetries() {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withQp(new QueuePairConfig(16, 16, 7, 2)));
        bed.a.qp.postSend(WorkRequest.send(1, bed.a.region, bed.a.base, 100));
        bed.a.qp.postSend(WorkRequest.send(2, bed.a.region, bed.a.base, 100));
        bed.run();

        assertThat(bed.a.sendCompletions).extracting(WorkCompletion::wrId, WorkCompletion::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1L, CompletionStatus.RNR_RETRY_EXCEEDED),
                org.assertj.core.groups.Tuple.tuple(2L, CompletionStatus.WORK_REQUEST_FLUSHED));
        // the first try and two retries, each answered by an RNR NAK
        assertThat(bed.a.sendCompletions.get(0).timeNanos()).isBetween(2 * RNR_DELAY, 3 * RNR_DELAY);
        assertThat(bed.a.qp.state()).isEqualTo(QueuePairState.ERROR);
        assertThat(bed.b.recvCompletions).isEmpty();
    }

    @Test
    void rnrRetryZeroFailsAtTheFirstRnr() {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withQp(new QueuePairConfig(16, 16, 7, 0)));
        bed.a.qp.postSend(WorkRequest.send(1, bed.a.region, bed.a.base, 100));
        bed.run();

        assertThat(bed.a.sendCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.RNR_RETRY_EXCEEDED);
            assertThat(wc.timeNanos()).isLessThan(RNR_DELAY);
        });
    }

    @Test
    void aLossyLinkStillDeliversEveryByteExactlyOnce() {
        // with this seed one loss leaves no later packet to reveal the gap: only the timeout does
        Result result = lossyRun(10);

        assertThat(result.bed.a.sendCompletions).hasSize(Result.REQUESTS);
        assertThat(result.bed.a.sendCompletions).extracting(WorkCompletion::status)
                .containsOnly(CompletionStatus.SUCCESS);
        assertThat(result.bed.a.sendCompletions).extracting(WorkCompletion::wrId)
                .containsExactlyElementsOf(java.util.stream.LongStream.range(0, Result.REQUESTS).boxed().toList());
        result.verify();
        assertThat(result.bed.counter("node1.nic0.timeouts")).isPositive();
        assertThat(result.bed.sim.fabric().port(result.bed.a.nic.endpoint()).orElseThrow().packetsLost()
                + result.bed.sim.fabric().port(result.bed.b.nic.endpoint()).orElseThrow().packetsLost())
                .isPositive();
    }

    @Test
    void theSameSeedGivesIdenticalCompletionTimes() {
        List<Long> first = lossyRun(10).times();
        List<Long> second = lossyRun(10).times();
        List<Long> other = lossyRun(11).times();

        assertThat(second).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void aLostReadResponseIsRecoveredByTheTimeout() {
        // 5% loss with a few READs behind WRITEs: sooner or later an ACK or a response is lost
        for (long seed = 1; seed <= 5; seed++) {
            RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withLoss(0.05, seed).withNic(SHORT_TIMEOUT));
            RcTestbed.Side a = bed.a;
            RcTestbed.Side b = bed.b;
            for (int i = 0; i < 20; i++) {
                a.qp.postSend(WorkRequest.write(2 * i, a.region, a.base + i * 8192, 8192, b.base + i * 8192,
                        b.region.rkey()));
                a.qp.postSend(WorkRequest.read(2 * i + 1, a.region, a.base + 500_000 + i * 8192, 8192,
                        b.base + i * 8192, b.region.rkey()));
            }
            bed.run();

            assertThat(a.sendCompletions).as("seed %d", seed).hasSize(40)
                    .extracting(WorkCompletion::status).containsOnly(CompletionStatus.SUCCESS);
            assertThat(a.read(a.base + 500_000, 20 * 8192)).as("seed %d", seed).isEqualTo(a.read(a.base, 20 * 8192));
            assertThat(bed.sim.kernel().now()).as("seed %d", seed).isLessThan(100 * ACK_TIMEOUT);
        }
    }

    /** A 1%-lossy run of WRITEs, READs and SENDs with a short ACK timeout. */
    private static Result lossyRun(long seed) {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withLoss(0.01, seed).withNic(SHORT_TIMEOUT));
        Result result = new Result(bed);
        result.post();
        bed.run();
        return result;
    }

    private record Result(RcTestbed bed) {
        static final int WRITES = 40;
        static final int SENDS = 20;
        static final int READS = 10;
        static final int REQUESTS = WRITES + SENDS + READS;
        static final int SIZE = 6000;

        void post() {
            RcTestbed.Side a = bed.a;
            RcTestbed.Side b = bed.b;
            for (int i = 0; i <= SENDS; i++) {
                b.qp.postReceive(new ReceiveRequest(100 + i, b.base + 600_000 + i * 8192, b.region.lkey(), 8192));
            }
            long id = 0;
            for (int i = 0; i < WRITES; i++) {
                a.qp.postSend(WorkRequest.write(id++, a.region, a.base + 3 + i * SIZE, SIZE, b.base + 1 + i * SIZE,
                        b.region.rkey()));
            }
            for (int i = 0; i < SENDS; i++) {
                a.qp.postSend(WorkRequest.send(id++, a.region, a.base + 300_000 + i * SIZE, SIZE));
            }
            for (int i = 0; i < READS; i++) {
                a.qp.postSend(WorkRequest.read(id++, a.region, a.base + 800_000 + i * SIZE, SIZE,
                        b.base + 900_000 + i * SIZE, b.region.rkey()));
            }
        }

        void verify() {
            RcTestbed.Side a = bed.a;
            RcTestbed.Side b = bed.b;
            assertThat(b.read(b.base + 1, WRITES * SIZE)).isEqualTo(a.read(a.base + 3, WRITES * SIZE));
            // every SEND consumed exactly one receive, in order; the spare receive stays posted
            assertThat(b.recvCompletions).extracting(WorkCompletion::wrId)
                    .containsExactlyElementsOf(java.util.stream.LongStream.range(100, 100 + SENDS).boxed().toList());
            assertThat(b.recvCompletions).extracting(WorkCompletion::opcode).containsOnly(CompletionOpcode.RECV);
            for (int i = 0; i < SENDS; i++) {
                assertThat(b.read(b.base + 600_000 + i * 8192, SIZE)).as("send %d", i)
                        .isEqualTo(a.read(a.base + 300_000 + i * SIZE, SIZE));
            }
            assertThat(a.read(a.base + 800_000, READS * SIZE)).isEqualTo(b.read(b.base + 900_000, READS * SIZE));
        }

        List<Long> times() {
            List<Long> times = new ArrayList<>();
            bed.a.sendCompletions.forEach(wc -> times.add(wc.timeNanos()));
            bed.b.recvCompletions.forEach(wc -> times.add(wc.timeNanos()));
            return times;
        }
    }
}
