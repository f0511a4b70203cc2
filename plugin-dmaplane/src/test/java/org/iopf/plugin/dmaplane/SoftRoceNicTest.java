package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.nic.CompletionOpcode;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.QueuePairState;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.iopf.core.observe.MetricValue;
import org.junit.jupiter.api.Test;

/** The built-in Soft-RoCE transport at the verbs level: RNR go-back, remote access errors, packet costs. */
final class SoftRoceNicTest {
    /** Constant per-packet costs (the default draws them), so the single packet's time is exact arithmetic. */
    private final TestPlatform platform = TestPlatform.twoNodes("{rxePacketCost: 900ns}");
    private final Nic a = platform.device("node1").rdma().nic();
    private final Nic b = platform.device("node2").rdma().nic();
    private final AddressSpace pa = platform.process("node1", "a");
    private final AddressSpace pb = platform.process("node2", "b");
    private final DmaplaneBuffer src = (DmaplaneBuffer) platform.device("node1").allocate(pa, BufferSpec.data(64 * 1024))
            .requireBuffer();
    private final DmaplaneBuffer dst = (DmaplaneBuffer) platform.device("node2").allocate(pb, BufferSpec.data(64 * 1024))
            .requireBuffer();
    private final MemoryRegion local;
    private final MemoryRegion dstMr;
    private final CompletionQueue aSend = a.createCompletionQueue(8);
    private final CompletionQueue bRecv = b.createCompletionQueue(8);
    private final QueuePair qa;
    private final QueuePair qb;

    SoftRoceNicTest() {
        var pdb = b.allocateProtectionDomain(pb);
        dstMr = b.registerMemory(pdb, dst.address(), dst.size(), true, false, false).requireRegion();
        var pda = a.allocateProtectionDomain(pa);
        local = a.registerMemory(pda, src.address(), src.size(), false, false, false).requireRegion();
        qa = a.createQueuePair(pda, aSend, a.createCompletionQueue(8), QueuePairConfig.DEFAULT);
        qb = b.createQueuePair(pdb, b.createCompletionQueue(8), bRecv, QueuePairConfig.DEFAULT);
        qa.connect(b.endpoint(), qb.qpn());
        qb.connect(a.endpoint(), qa.qpn());
        platform.device("node1").memory().fill(pa, src.address(), src.size(), 7);
    }

    @Test
    void aWriteWithImmediateWithoutAPostedReceiveIsRefusedUntilOneIsPosted() {
        assertThat(qa.postSend(WorkRequest.writeWithImmediate(1, local, src.address(), 64 * 1024, dst.address(),
                dstMr.rkey(), 77))).isEqualTo(PostResult.POSTED);
        platform.kernel().schedule(Time.millis(1), () -> qb.postReceive(new ReceiveRequest(5, dst.address(),
                dstMr.lkey(), 0)));
        platform.kernel().run();
        List<WorkCompletion> sent = aSend.poll(8);
        List<WorkCompletion> received = bRecv.poll(8);
        assertThat(sent).extracting(WorkCompletion::status).containsExactly(CompletionStatus.SUCCESS);
        assertThat(received).singleElement().satisfies(wc -> {
            assertThat(wc.opcode()).isEqualTo(CompletionOpcode.RECV_RDMA_WITH_IMM);
            assertThat(wc.immediate()).isEqualTo(77);
            assertThat(wc.byteLength()).isEqualTo(64 * 1024);
            assertThat(wc.timeNanos()).isGreaterThan(Time.millis(1));
        });
        assertThat(((MetricValue.CounterValue) platform.simulation().metrics().snapshot()
                .get("node1.dmaplane.rxe.rnrNaks")).value()).isPositive();
        assertThat(BufferIntegrity.mismatchedPages(platform.device("node1").memory(), src, 0,
                platform.device("node2").memory(), dst, 0, src.size())).isZero();
    }

    @Test
    void aWriteOutsideTheRemoteRegionFailsWithARemoteAccessErrorAndFlushesTheQueuePair() {
        qa.postSend(WorkRequest.write(1, local, src.address(), 8192, dst.address() + 60 * 1024, dstMr.rkey()));
        qa.postSend(WorkRequest.write(2, local, src.address(), 4096, dst.address(), dstMr.rkey()));
        platform.kernel().run();
        assertThat(aSend.poll(8)).extracting(WorkCompletion::status).containsExactly(
                CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.WORK_REQUEST_FLUSHED);
        assertThat(qa.state()).isEqualTo(QueuePairState.ERROR);
        assertThat(qa.postSend(WorkRequest.write(3, local, src.address(), 1, dst.address(), dstMr.rkey())))
                .isEqualTo(PostResult.INVALID_STATE);
    }

    @Test
    void aSinglePacketTakesItsSoftwareCostsOnBothSidesAndTheWire() {
        qa.postSend(WorkRequest.write(1, local, src.address(), 4096, dst.address(), dstMr.rkey()));
        platform.kernel().run();
        WorkCompletion wc = aSend.poll(1).get(0);
        // requester 100 + 900 + 2905 ns; wire 2 x (4174 B at 10 Gbps = 3340 ns + 14 us) + 1 us switch;
        // responder 900 + 2905, ACK 100; ACK back 2 x (78 B = 63 ns + 14 us) + 1 us; completer 100
        long expected = 100 + 3805 + 2 * (3340 + 14_000) + 1000 + 3805 + 100 + 2 * (63 + 14_000) + 1000 + 100;
        assertThat(wc.timeNanos()).isEqualTo(expected);
    }
}
