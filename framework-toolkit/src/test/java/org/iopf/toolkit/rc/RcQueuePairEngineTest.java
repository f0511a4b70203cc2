package org.iopf.toolkit.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.toolkit.rc.RcHeader.AckKind;
import org.junit.jupiter.api.Test;

/** The RC engine's requester and responder back to back, packet by packet. */
final class RcQueuePairEngineTest {
    private static final QueuePairConfig CONFIG = new QueuePairConfig(16, 16, 2, 3);
    private static final long FOREVER = Long.MAX_VALUE;

    private static WorkRequest write(long id) {
        return WorkRequest.write(id, Wire.REGION, 0x1000, 0, 0x1000, 1);
    }

    private static List<CompletionStatus> statuses(Wire.Side side) {
        return side.sendCq.poll(64).stream().map(WorkCompletion::status).toList();
    }

    @Test
    void psnsWrapAtTwentyFourBitsOnTheWireAndEveryRequestIsAcknowledged() {
        Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 1), CONFIG);
        long start = (1L << 24) - 2;
        wire.a.qp.initialPsns(start, 0);
        wire.b.qp.initialPsns(0, start);
        wire.connect();
        for (int i = 0; i < 4; i++) {
            wire.a.qp.postSend(write(i));
        }
        wire.run(FOREVER);

        assertThat(wire.psns("a", RcHeader.Data.class)).containsExactly(0xFFFFFE, 0xFFFFFF, 0, 1);
        assertThat(wire.psns("b", RcHeader.Ack.class)).containsExactly(0xFFFFFE, 0xFFFFFF, 0, 1);
        assertThat(statuses(wire.a)).containsExactly(CompletionStatus.SUCCESS, CompletionStatus.SUCCESS,
                CompletionStatus.SUCCESS, CompletionStatus.SUCCESS);
        assertThat(wire.a.qp.outstandingSends()).isZero();
        assertThat(wire.a.timeouts).isZero();
    }

    @Test
    void aSequenceNakSendsTheRequesterBackToTheMissingPsnAtOnce() {
        Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 1), CONFIG);
        wire.connect();
        boolean[] dropped = {false};
        wire.drop = s -> {
            if (!dropped[0] && s.header() instanceof RcHeader.Data d && d.psn() == 1) {
                dropped[0] = true;
                return true;
            }
            return false;
        };
        for (int i = 0; i < 4; i++) {
            wire.a.qp.postSend(write(i));
        }
        wire.run(FOREVER);

        // 2 arrives out of order: one sequence NAK for 1; 1, 2, 3 again (go-back-N), no timer involved
        assertThat(wire.psns("a", RcHeader.Data.class)).containsExactly(0, 1, 2, 1, 2, 3);
        assertThat(wire.log).filteredOn(s -> s.header() instanceof RcHeader.Ack ack
                && ack.kind() == AckKind.NAK_SEQUENCE).extracting(s -> s.header().psn()).containsExactly(1);
        assertThat(wire.log).allMatch(s -> s.time() == 0);
        assertThat(statuses(wire.a)).hasSize(4).containsOnly(CompletionStatus.SUCCESS);
        assertThat(wire.a.timeouts).isZero();
    }

    @Test
    void anRnrNakIsWaitedOutForTheTimeItsCodeSaysNotTheRequestersOwnTimer() {
        // the requester's own code is 1 (10 us); the responder's, carried in the NAK, is 9 (240 us)
        Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 9), CONFIG);
        wire.connect();
        wire.a.qp.postSend(WorkRequest.send(7, Wire.REGION, 0x1000, 0));
        wire.run(0);
        assertThat(wire.log).filteredOn(s -> s.header() instanceof RcHeader.Ack ack && ack.kind() == AckKind.RNR)
                .extracting(s -> ((RcHeader.Ack) s.header()).rnrTimer()).containsExactly(9);
        wire.b.qp.postReceive(new ReceiveRequest(70, 0x1000, 1, 0x1000));
        wire.run(FOREVER);

        assertThat(wire.log).filteredOn(s -> s.from().equals("a")).extracting(Wire.Sent::time)
                .containsExactly(0L, RnrTimer.nanos(9));
        assertThat(wire.a.rnrReceived).isEqualTo(1);
        assertThat(wire.b.rnrSent).isEqualTo(1);
        assertThat(statuses(wire.a)).containsExactly(CompletionStatus.SUCCESS);
        assertThat(wire.b.recvCq.poll(8)).extracting(WorkCompletion::wrId).containsExactly(70L);
    }

    @Test
    void rnrNaksBeyondTheRnrRetryCountFailTheRequest() {
        Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 1), CONFIG);
        wire.connect();
        wire.a.qp.postSend(WorkRequest.send(7, Wire.REGION, 0x1000, 0));
        wire.run(FOREVER);

        // rnr_retry 3: the first send and three retries, each refused
        assertThat(wire.psns("a", RcHeader.Data.class)).containsExactly(0, 0, 0, 0);
        assertThat(statuses(wire.a)).containsExactly(CompletionStatus.RNR_RETRY_EXCEEDED);
        assertThat(wire.a.qp.state()).isEqualTo(QueuePairState.ERROR);
    }

    @Test
    void aLocalAckTimeoutOfZeroArmsNoTimer() {
        Wire wire = new Wire(Wire.settings(0, 1), Wire.settings(0, 1), CONFIG);
        wire.connect();
        wire.drop = s -> s.from().equals("a");
        wire.a.qp.postSend(write(1));
        wire.run(FOREVER);

        assertThat(wire.pendingEvents()).isZero();
        assertThat(wire.psns("a", RcHeader.Data.class)).containsExactly(0);
        assertThat(wire.a.timeouts).isZero();
        assertThat(wire.a.qp.outstandingSends()).isEqualTo(1);
        assertThat(wire.a.qp.state()).isEqualTo(QueuePairState.READY);
        assertThat(wire.a.sendCq.size()).isZero();
    }

    @Test
    void timeoutsBeyondTheRetryCountFailTheHeadRequestAndFlushTheRest() {
        // timeout 1: 4.096 us x 2 = 8.192 us; retry_cnt 2
        Wire wire = new Wire(Wire.settings(1, 1), Wire.settings(1, 1), CONFIG);
        wire.connect();
        wire.drop = s -> s.from().equals("a");
        wire.a.qp.postSend(write(1));
        wire.a.qp.postSend(write(2));
        wire.run(FOREVER);

        assertThat(wire.log).filteredOn(s -> s.header().psn() == 0).extracting(Wire.Sent::time)
                .containsExactly(0L, 8_192L, 16_384L);
        assertThat(wire.a.timeouts).isEqualTo(3);
        assertThat(wire.now()).isEqualTo(3 * 8_192L);
        assertThat(statuses(wire.a)).containsExactly(CompletionStatus.TRANSPORT_RETRY_EXCEEDED,
                CompletionStatus.WORK_REQUEST_FLUSHED);
        assertThat(wire.a.qp.state()).isEqualTo(QueuePairState.ERROR);
    }

    @Test
    void aReadResponseAcknowledgesTheWritesBeforeItWhoseAckWasLost() {
        Wire wire = new Wire(Wire.settings(14, 1), Wire.settings(14, 1), CONFIG);
        wire.connect();
        wire.drop = s -> s.header() instanceof RcHeader.Ack;
        wire.a.qp.postSend(write(1));
        wire.a.qp.postSend(WorkRequest.read(2, Wire.REGION, 0x1000, 0, 0x1000, 1));
        wire.run(FOREVER);

        assertThat(wire.psns("b", RcHeader.ReadResponse.class)).containsExactly(1);
        assertThat(wire.a.sendCq.poll(8)).extracting(WorkCompletion::wrId, WorkCompletion::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1L, CompletionStatus.SUCCESS),
                org.assertj.core.groups.Tuple.tuple(2L, CompletionStatus.SUCCESS));
        assertThat(wire.a.timeouts).isZero();
    }
}
