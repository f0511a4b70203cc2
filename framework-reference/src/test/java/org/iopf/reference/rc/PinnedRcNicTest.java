package org.iopf.reference.rc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

final class PinnedRcNicTest {
    private final RcTestbed bed = new RcTestbed();
    private final RcTestbed.Side a = bed.a;
    private final RcTestbed.Side b = bed.b;

    @Test
    void rdmaWritesOfOddSizesAtUnalignedAddressesArriveByteExact() {
        long[][] writes = {{1, 7, 4093}, {4095, 4099, 5013}, {4097, 20000, 30001}, {100_001, 50_003, 200_007},
            {0, 0, 0}};
        for (int i = 0; i < writes.length; i++) {
            long[] w = writes[i];
            assertThat(a.qp.postSend(WorkRequest.write(i, a.region, a.base + w[1], w[0], b.base + w[2],
                    b.region.rkey()))).isEqualTo(PostResult.POSTED);
        }
        bed.run();

        assertThat(a.sendCompletions).extracting(WorkCompletion::wrId).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(a.sendCompletions).allSatisfy(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(wc.opcode()).isEqualTo(CompletionOpcode.RDMA_WRITE);
        });
        for (int i = 0; i < writes.length; i++) {
            long[] w = writes[i];
            assertThat(a.sendCompletions.get(i).byteLength()).isEqualTo(w[0]);
            assertThat(b.read(b.base + w[2], (int) w[0])).as("write %d", i)
                    .isEqualTo(a.read(a.base + w[1], (int) w[0]));
        }
        // bytes around a write are untouched: node2's own contents stay
        assertThat(b.read(b.base + 4092, 1)).isNotEqualTo(a.read(a.base + 6, 1));
        assertThat(b.recvCompletions).isEmpty();
        assertThat(a.qp.outstandingSends()).isZero();
    }

    @Test
    void aWriteTakesAtLeastItsSerializationTwiceAndTheRoundTripOfItsAck() {
        a.qp.postSend(WorkRequest.write(1, a.region, a.base, 4096, b.base, b.region.rkey()));
        bed.run();

        // data: (4096+42) B at 100 Gbps = 331.04 -> 332 ns per link, twice, 500+300+500 latency;
        // ACK: 30 B -> 3 ns per link, twice, same latencies
        assertThat(a.sendCompletions.get(0).timeNanos()).isEqualTo(332 + 500 + 300 + 332 + 500 + 3 + 500 + 300 + 3
                + 500);
    }

    @Test
    void rdmaReadsArriveByteExact() {
        long[][] reads = {{1, 9, 4095}, {8191, 4097, 1}, {300_001, 400_003, 123_457}};
        for (int i = 0; i < reads.length; i++) {
            long[] r = reads[i];
            a.qp.postSend(WorkRequest.read(i, a.region, a.base + r[1], r[0], b.base + r[2], b.region.rkey()));
        }
        bed.run();

        assertThat(a.sendCompletions).extracting(WorkCompletion::status).containsOnly(CompletionStatus.SUCCESS);
        assertThat(a.sendCompletions).extracting(WorkCompletion::opcode).containsOnly(CompletionOpcode.RDMA_READ);
        for (int i = 0; i < reads.length; i++) {
            long[] r = reads[i];
            assertThat(a.read(a.base + r[1], (int) r[0])).as("read %d", i)
                    .isEqualTo(b.read(b.base + r[2], (int) r[0]));
        }
    }

    @Test
    void writesAndReadsInterleaveInOrder() {
        a.qp.postSend(WorkRequest.write(1, a.region, a.base, 10_000, b.base + 5, b.region.rkey()));
        a.qp.postSend(WorkRequest.read(2, a.region, a.base + 500_000, 10_000, b.base + 5, b.region.rkey()));
        a.qp.postSend(WorkRequest.write(3, a.region, a.base + 20_000, 100, b.base + 600_000, b.region.rkey()));
        bed.run();

        assertThat(a.sendCompletions).extracting(WorkCompletion::wrId).containsExactly(1L, 2L, 3L);
        assertThat(a.sendCompletions).extracting(WorkCompletion::status).containsOnly(CompletionStatus.SUCCESS);
        // the read sees the earlier write
        assertThat(a.read(a.base + 500_000, 10_000)).isEqualTo(a.read(a.base, 10_000));
    }

    @Test
    void sendLandsInThePostedReceive() {
        b.qp.postReceive(new ReceiveRequest(77, b.base + 123, b.region.lkey(), 20_000));
        a.qp.postSend(WorkRequest.send(5, a.region, a.base + 4000, 9000));
        bed.run();

        assertThat(a.sendCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.opcode()).isEqualTo(CompletionOpcode.SEND);
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
        });
        assertThat(b.recvCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(77);
            assertThat(wc.opcode()).isEqualTo(CompletionOpcode.RECV);
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(wc.byteLength()).isEqualTo(9000);
            assertThat(wc.qpn()).isEqualTo(b.qp.qpn());
        });
        assertThat(b.read(b.base + 123, 9000)).isEqualTo(a.read(a.base + 4000, 9000));
    }

    @Test
    void sendsConsumeReceivesInOrder() {
        b.qp.postReceive(new ReceiveRequest(1, b.base, b.region.lkey(), 100));
        b.qp.postReceive(new ReceiveRequest(2, b.base + 1000, b.region.lkey(), 100));
        a.qp.postSend(WorkRequest.send(1, a.region, a.base, 10));
        a.qp.postSend(WorkRequest.send(2, a.region, a.base + 10, 20));
        bed.run();

        assertThat(b.recvCompletions).extracting(WorkCompletion::wrId).containsExactly(1L, 2L);
        assertThat(b.recvCompletions).extracting(WorkCompletion::byteLength).containsExactly(10L, 20L);
        assertThat(b.read(b.base + 1000, 20)).isEqualTo(a.read(a.base + 10, 20));
    }

    @Test
    void writeWithImmediateDeliversTheImmediateInAReceiveCompletion() {
        b.qp.postReceive(new ReceiveRequest(9, b.base, b.region.lkey(), 0));
        a.qp.postSend(WorkRequest.writeWithImmediate(3, a.region, a.base + 1, 12_345, b.base + 70_000,
                b.region.rkey(), 0xCAFE));
        bed.run();

        assertThat(a.sendCompletions).singleElement().extracting(WorkCompletion::opcode)
                .isEqualTo(CompletionOpcode.RDMA_WRITE);
        assertThat(b.recvCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(9);
            assertThat(wc.opcode()).isEqualTo(CompletionOpcode.RECV_RDMA_WITH_IMM);
            assertThat(wc.immediate()).isEqualTo(0xCAFE);
            assertThat(wc.byteLength()).as("the length of the write, as verbs reports it").isEqualTo(12_345);
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
        });
        assertThat(b.read(b.base + 70_000, 12_345)).isEqualTo(a.read(a.base + 1, 12_345));
    }

    @Test
    void aSendLongerThanItsReceiveFailsOnBothSidesAndTheResponderStops() {
        byte[] before = b.read(b.base, 101);
        b.qp.postReceive(new ReceiveRequest(1, b.base, b.region.lkey(), 100));
        b.qp.postReceive(new ReceiveRequest(2, b.base, b.region.lkey(), 100));
        a.qp.postSend(WorkRequest.send(7, a.region, a.base, 101));
        bed.run();

        assertThat(a.sendCompletions).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
        assertThat(b.recvCompletions).extracting(WorkCompletion::wrId, WorkCompletion::status).containsExactly(
                tuple(1L, CompletionStatus.LOCAL_LENGTH_ERROR),
                tuple(2L, CompletionStatus.WORK_REQUEST_FLUSHED));
        assertThat(b.qp.state()).isEqualTo(QueuePairState.ERROR);
        assertThat(b.read(b.base, 101)).as("nothing written").isEqualTo(before);
    }

    @Test
    void unsignaledSuccessesWriteNoCompletion() {
        a.qp.postSend(new WorkRequest(1, Opcode.RDMA_WRITE, a.base, a.region.lkey(), 100, b.base, b.region.rkey(), 0,
                false));
        a.qp.postSend(WorkRequest.write(2, a.region, a.base, 100, b.base + 100, b.region.rkey()));
        bed.run();

        assertThat(a.sendCompletions).extracting(WorkCompletion::wrId).containsExactly(2L);
        assertThat(b.read(b.base, 100)).isEqualTo(a.read(a.base, 100));
    }

    @Test
    void aLocalBufferOutsideItsRegionIsALocalProtectionError() {
        a.qp.postSend(WorkRequest.write(1, a.region, a.base + RcTestbed.BUFFER - 10, 100, b.base, b.region.rkey()));
        bed.run();

        assertThat(a.sendCompletions).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.LOCAL_PROTECTION_ERROR);
    }

    @ParameterizedTest
    @ValueSource(strings = {"badRkey", "outOfRange", "noRemoteWrite", "noRemoteRead"})
    void remoteAccessErrorsFailTheRequestAndFlushTheOnesAfterIt(String violation) {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults()
                .withRemoteRights(!violation.equals("noRemoteWrite"), !violation.equals("noRemoteRead")));
        RcTestbed.Side a = bed.a;
        RcTestbed.Side b = bed.b;
        int rkey = violation.equals("badRkey") ? b.region.rkey() + 100 : b.region.rkey();
        long remote = violation.equals("outOfRange") ? b.base + RcTestbed.BUFFER - 100 : b.base;
        a.qp.postSend(WorkRequest.write(1, a.region, a.base, 100, b.base + 200_000, b.region.rkey()));
        a.qp.postSend(violation.equals("noRemoteRead")
                ? WorkRequest.read(2, a.region, a.base, 1000, remote, rkey)
                : WorkRequest.write(2, a.region, a.base, 1000, remote, rkey));
        a.qp.postSend(WorkRequest.write(3, a.region, a.base, 100, b.base + 300_000, b.region.rkey()));
        a.qp.postSend(WorkRequest.write(4, a.region, a.base, 100, b.base + 400_000, b.region.rkey()));
        a.qp.postReceive(new ReceiveRequest(10, a.base, a.region.lkey(), 0));
        bed.run();

        if (violation.equals("noRemoteWrite")) {
            // the first write is refused too: nothing on node2 may be written
            assertThat(a.sendCompletions).extracting(WorkCompletion::wrId, WorkCompletion::status).containsExactly(
                    tuple(1L, CompletionStatus.REMOTE_ACCESS_ERROR),
                    tuple(2L, CompletionStatus.WORK_REQUEST_FLUSHED),
                    tuple(3L, CompletionStatus.WORK_REQUEST_FLUSHED),
                    tuple(4L, CompletionStatus.WORK_REQUEST_FLUSHED));
        } else {
            assertThat(a.sendCompletions).extracting(WorkCompletion::wrId, WorkCompletion::status).containsExactly(
                    tuple(1L, CompletionStatus.SUCCESS),
                    tuple(2L, CompletionStatus.REMOTE_ACCESS_ERROR),
                    tuple(3L, CompletionStatus.WORK_REQUEST_FLUSHED),
                    tuple(4L, CompletionStatus.WORK_REQUEST_FLUSHED));
            assertThat(b.read(b.base + 200_000, 100)).isEqualTo(a.read(a.base, 100));
        }
        assertThat(b.read(b.base + 300_000, 100)).as("flushed write never arrives").isNotEqualTo(a.read(a.base, 100));
        assertThat(a.recvCompletions).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(10);
            assertThat(wc.status()).isEqualTo(CompletionStatus.WORK_REQUEST_FLUSHED);
        });
        assertThat(a.qp.state()).isEqualTo(QueuePairState.ERROR);
        assertThat(a.qp.postSend(WorkRequest.write(5, a.region, a.base, 1, b.base, b.region.rkey())))
                .isEqualTo(PostResult.INVALID_STATE);
    }

    @Test
    void onDemandRegistrationIsRefusedForLackOfFaultSupport() {
        RegistrationResult result = a.nic.registerMemory(a.pd, a.base, 4096, true, true, true);

        assertThat(result).isInstanceOfSatisfying(RegistrationResult.Refused.class, r ->
                assertThat(r.reason()).contains("page-fault"));
    }

    @Test
    void registrationBeyondThePinnableLimitIsRefusedAndPinsNothing() {
        RcTestbed small = new RcTestbed(RcTestbed.Options.defaults().withPinnableLimit(2 * RcTestbed.BUFFER));
        RcTestbed.Side side = small.a;
        long more = side.mm.mmap(side.space, 2 * RcTestbed.BUFFER, org.iopf.api.mem.MapOptions.DEFAULT);
        long pinned = side.mm.stats().pinnedBytes();

        RegistrationResult refused = side.nic.registerMemory(side.pd, more, 2 * RcTestbed.BUFFER, true, true, false);
        RegistrationResult fits = side.nic.registerMemory(side.pd, more, RcTestbed.BUFFER, true, true, false);

        assertThat(refused).isInstanceOfSatisfying(RegistrationResult.Refused.class, r ->
                assertThat(r.reason()).startsWith("pinning 2 MiB at 0x")
                        .endsWith(" failed: LIMIT_EXCEEDED (pinnable limit 2 MiB)"));
        assertThat(fits).isInstanceOf(RegistrationResult.Registered.class);
        assertThat(side.mm.stats().pinnedBytes()).isEqualTo(pinned + RcTestbed.BUFFER);
    }

    @Test
    void aRegionOfMoreThanTwoGibibytesTranslatesItsLastPage() {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withPinnableLimit(3L << 30));
        RcTestbed.Side a = bed.a;
        RcTestbed.Side b = bed.b;
        long length = (2L << 30) + 8192;
        long va = b.mm.mmap(b.space, length, org.iopf.api.mem.MapOptions.DEFAULT.withTransparentHugePages(true));
        MemoryRegion big = b.nic.registerMemory(b.pd, va, length, true, false, false).requireRegion();

        a.qp.postSend(WorkRequest.write(1, a.region, a.base, 5000, va + length - 5000, big.rkey()));
        bed.run();

        assertThat(a.sendCompletions).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.SUCCESS);
        byte[] got = new byte[5000];
        b.mm.read(b.space, va + length - 5000, got, 0, 5000);
        assertThat(got).isEqualTo(a.read(a.base, 5000));
    }

    @Test
    void deregistrationUnpinsAndTheKeyStopsWorking() {
        long pinned = b.mm.stats().pinnedBytes();
        MemoryRegion extra = b.nic.registerMemory(b.pd, b.base, 8192, true, true, false).requireRegion();
        b.nic.deregisterMemory(extra);
        assertThat(b.mm.stats().pinnedBytes()).isEqualTo(pinned);

        a.qp.postSend(WorkRequest.write(1, a.region, a.base, 10, b.base, extra.rkey()));
        bed.run();

        assertThat(a.sendCompletions).singleElement().extracting(WorkCompletion::status)
                .isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
    }

    @Test
    void completionQueueOverflowIsCountedAndPutsTheQueuePairInError() {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withCq(2));
        RcTestbed.Side a = bed.a;
        a.sendCq.setListener(null);
        for (int i = 0; i < 4; i++) {
            a.qp.postSend(WorkRequest.write(i, a.region, a.base, 100, bed.b.base + i * 100, bed.b.region.rkey()));
        }
        bed.run();

        assertThat(a.sendCq.size()).isEqualTo(2);
        assertThat(a.sendCq.overflows()).isGreaterThanOrEqualTo(1);
        assertThat(a.qp.state()).isEqualTo(QueuePairState.ERROR);
        assertThat(a.sendCq.poll(10)).extracting(WorkCompletion::wrId).containsExactly(0L, 1L);
    }

    @Test
    void aFullSendQueueRefusesPosts() {
        RcTestbed bed = new RcTestbed(RcTestbed.Options.defaults().withQp(new QueuePairConfig(2, 2, 7, 7)));
        RcTestbed.Side a = bed.a;
        List<PostResult> results = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            results.add(a.qp.postSend(WorkRequest.write(i, a.region, a.base, 100, bed.b.base, bed.b.region.rkey())));
        }

        assertThat(results).containsExactly(PostResult.POSTED, PostResult.POSTED, PostResult.QUEUE_FULL);
        bed.run();
        assertThat(a.sendCompletions).hasSize(2);
    }
}
