package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/**
 * The engine with Intel VT-d page requests and with the AMD PPR log ({@code pageRequests}): the
 * entries it writes into the queue in memory (32-byte page request descriptors; 16-byte PPR log
 * entries), the page responses the driver answers with (page group response + invalidation wait;
 * COMPLETE_PPR_REQUEST), overflow as each driver and specification handles it, and the VT-d drain
 * of a PASID at teardown.
 */
final class PageRequestVariantsTest {
    private static final long PAGE = 4096;

    private static long priqSlot(Smmuv3Hardware hw, int offset) {
        return (hw.readRegister(Regs.PRIQ_BASE) & Regs.Q_BASE_ADDR_MASK) + offset;
    }

    /** The command words found in the command queue whose first word {@code match}es. */
    private static long[] findCommand(Smmuv3Hardware hw, java.util.function.LongPredicate match) {
        long base = hw.readRegister(Regs.CMDQ_BASE);
        long addr = base & Regs.Q_BASE_ADDR_MASK;
        for (int i = 0; i < 1 << (base & Regs.Q_BASE_LOG2SIZE_MASK); i++) {
            long w0 = hw.memory().read(addr + 16L * i);
            if (match.test(w0)) {
                return new long[] {w0, hw.memory().read(addr + 16L * i + 8)};
            }
        }
        return null;
    }

    @Test
    void vtdWritesA32ByteDescriptorAndAnswersWithAPageGroupResponseAndAWait() {
        SmmuBench b = new SmmuBench("pageRequests: vtd-prq", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        long syncsBefore = b.counter("node1.smmu.cmdq.sync");

        hw.pageRequest(5, pasid, b.va + 3 * PAGE + 0x123, Access.WRITE, 0x1a5, true);

        assertThat(hw.readRegister(Regs.PRIQ_PROD)).as("PQT advanced by one 32-byte descriptor").isEqualTo(32);
        assertThat(hw.readRegister(Regs.PRIQ_BASE) & Regs.Q_BASE_LOG2SIZE_MASK).as("PRQ_ORDER 4: 2048 descriptors")
                .isEqualTo(11);
        long qw0 = hw.memory().read(priqSlot(hw, 0));
        long qw1 = hw.memory().read(priqSlot(hw, 8));
        assertThat(qw0 & 0xff).as("type: page request").isEqualTo(1);
        assertThat(qw0 >>> 8 & 1).as("PASID present").isEqualTo(1);
        assertThat(Regs.field(qw0, 31, 16)).as("requester id").isEqualTo(5);
        assertThat(Regs.field(qw0, 51, 32)).as("PASID").isEqualTo(pasid);
        assertThat(qw1 & 0x7).as("read, write, last page in group").isEqualTo(0b111);
        assertThat(Regs.field(qw1, 11, 3)).as("PRG index").isEqualTo(0x1a5);
        assertThat(qw1 & ~0xfffL).as("page address").isEqualTo(b.va + 3 * PAGE);
        assertThat(hw.memory().read(priqSlot(hw, 16)) | hw.memory().read(priqSlot(hw, 24))).as("private data")
                .isZero();

        b.bench.run();

        assertThat(b.endpoint.responses).hasSize(1);
        assertThat(b.endpoint.responses.get(0)).containsExactly(pasid, 0x1a5, Regs.PRI_RESP_SUCC);
        long[] resp = findCommand(hw, w0 -> (w0 & 0xf) == VtdPrqFormat.QI_PGRP_RESP_TYPE);
        assertThat(resp).as("a page group response descriptor in the invalidation queue").isNotNull();
        assertThat(Regs.field(resp[0], 15, 12)).as("response code: success").isEqualTo(VtdPrqFormat.QI_RESP_SUCCESS);
        assertThat(Regs.field(resp[0], 51, 32)).isEqualTo(pasid);
        assertThat(Regs.field(resp[1], 11, 3)).isEqualTo(0x1a5);
        assertThat(resp[1] >>> 2 & 1).as("LPIG").isEqualTo(1);
        assertThat(b.counter("node1.smmu.cmdq.sync") - syncsBefore).as("qi_submit_sync's invalidation wait")
                .isEqualTo(1);
        assertThat(hw.readRegister(Regs.PRIQ_CONS)).as("PQH caught up with PQT").isEqualTo(32);
    }

    @Test
    void amdWritesA16BytePprEntryAndAnswersWithCompletePprRequest() {
        SmmuBench b = new SmmuBench("pageRequests: amd-ppr-log", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();

        hw.pageRequest(5, pasid, b.va + PAGE, Access.READ, 0x42, true);

        assertThat(hw.readRegister(Regs.PRIQ_PROD)).as("tail advanced by one 16-byte entry").isEqualTo(16);
        assertThat(hw.readRegister(Regs.PRIQ_BASE) & Regs.Q_BASE_LOG2SIZE_MASK).as("PPR_LOG_ENTRIES 512")
                .isEqualTo(9);
        long w0 = hw.memory().read(priqSlot(hw, 0));
        assertThat(w0 >>> 60).as("PPR_REQ_FAULT").isEqualTo(1);
        assertThat(w0 & 0xffff).as("device id").isEqualTo(5);
        assertThat(Regs.field(w0, 41, 32)).as("tag: last bit and PRG index").isEqualTo(0x200 | 0x42);
        assertThat(Regs.field(w0, 45, 42) << 16 | Regs.field(w0, 31, 16)).as("PASID").isEqualTo(pasid);
        assertThat(Regs.field(w0, 59, 48)).as("flags: read, user, GN")
                .isEqualTo(AmdPprFormat.FLAG_READ | AmdPprFormat.FLAG_US | AmdPprFormat.FLAG_GN);
        assertThat(hw.memory().read(priqSlot(hw, 8))).as("address").isEqualTo(b.va + PAGE);

        b.bench.run();

        assertThat(b.endpoint.responses).hasSize(1);
        assertThat(b.endpoint.responses.get(0)).containsExactly(pasid, 0x42, Regs.PRI_RESP_SUCC);
        long[] cmd = findCommand(hw, c -> c >>> 60 == AmdPprFormat.CMD_COMPLETE_PPR);
        assertThat(cmd).as("COMPLETE_PPR_REQUEST in the command buffer").isNotNull();
        assertThat(cmd[0] & 0xffff).isEqualTo(5);
        assertThat(Regs.field(cmd[0], 51, 32)).isEqualTo(pasid);
        assertThat(Regs.field(cmd[1], 40, 32)).as("tag").isEqualTo(0x42);
        assertThat(Regs.field(cmd[1], 47, 44)).as("status: success").isEqualTo(AmdPprFormat.PPR_SUCCESS);
        assertThat(b.counter("node1.smmu.cmdq.priResp")).isEqualTo(1);
    }

    @Test
    void aFailedGroupIsAnsweredInvalidInEachFormat() {
        for (String format : new String[] {"vtd-prq", "amd-ppr-log"}) {
            SmmuBench b = new SmmuBench("pageRequests: " + format, "linux-iopf").withEndpoint();
            int pasid = b.smmu.pasidOf(SmmuBench.STREAM);

            b.smmu.hardware().pageRequest(5, pasid, b.va + (64L << 20), Access.READ, 9, true);
            b.bench.run();

            assertThat(b.endpoint.responses).as(format).hasSize(1);
            assertThat(b.endpoint.responses.get(0)).as(format).containsExactly(pasid, 9, Regs.PRI_RESP_DENY);
        }
    }

    /**
     * Four requests into a ring of four entries (three usable): the fourth is discarded and sets the
     * overflow flag. After the queue thread read one, the ring has room; VT-d still discards while
     * PRS.PRO is set (cleared only once PQH reached PQT), AMD cleared PPRLogOverflow at the
     * interrupt and takes the request, the SMMUv3 PRI queue (overflow only while full) takes it too.
     */
    private static SmmuBench overflowThenOneRead(String format) {
        SmmuBench b = new SmmuBench("pageRequests: " + format + ", priqLog2: 2", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        for (int i = 0; i < 4; i++) {
            hw.pageRequest(5, pasid, b.va + i * PAGE, Access.READ, i, true);
        }
        b.bench.runFor(600);
        hw.pageRequest(5, pasid, b.va + 4 * PAGE, Access.READ, 4, true);
        return b;
    }

    @Test
    void vtdDiscardsWhilePrqOverflowIsSetAndClearsItOnceTheQueueIsEmpty() {
        SmmuBench b = overflowThenOneRead("vtd-prq");
        Smmuv3Hardware hw = b.smmu.hardware();

        assertThat(b.counter("node1.smmu.priq.discarded")).as("full, then held off by PRO with room").isEqualTo(2);
        assertThat(hw.priOverflowed()).isTrue();
        b.bench.run();

        assertThat(hw.priOverflowed()).as("PRO cleared once PQH reached PQT").isFalse();
        assertThat(b.counter("node1.smmu.priq.overflows")).isEqualTo(1);
        assertThat(b.counter("node1.faults.queue.overflows")).isEqualTo(1);
        assertThat(b.endpoint.responses).extracting(r -> r[1]).as("auto answers first, then the handled ones")
                .containsExactly(3, 4, 0, 1, 2);
        assertThat(b.counter("node1.smmu.priq.autoResponses")).isEqualTo(2);
        assertThat(b.memory.translate(b.space, b.va + 4 * PAGE, Access.READ)).as("a discarded request did nothing")
                .isEmpty();
        hw.pageRequest(5, b.smmu.pasidOf(SmmuBench.STREAM), b.va + 4 * PAGE, Access.READ, 4, true);
        assertThat(b.counter("node1.smmu.priq.requests")).as("taken again after PRO was cleared").isEqualTo(4);
    }

    @Test
    void amdClearsPprLogOverflowAtTheInterruptAndTakesTheNextRequest() {
        SmmuBench b = overflowThenOneRead("amd-ppr-log");
        Smmuv3Hardware hw = b.smmu.hardware();

        assertThat(b.counter("node1.smmu.priq.discarded")).as("only the one that found the log full").isEqualTo(1);
        assertThat(b.counter("node1.smmu.priq.requests")).isEqualTo(4);
        b.bench.run();

        assertThat(hw.priOverflowed()).isFalse();
        assertThat(b.counter("node1.faults.queue.overflows")).as("the log restarted once").isEqualTo(1);
        assertThat(b.endpoint.responses).extracting(r -> r[1]).containsExactly(3, 0, 1, 2, 4);
    }

    @Test
    void theSmmuPriQueueTakesARequestAsSoonAsItHasRoom() {
        SmmuBench b = overflowThenOneRead("smmuv3-priq");

        assertThat(b.counter("node1.smmu.priq.discarded")).isEqualTo(0);
        assertThat(b.counter("node1.smmu.priq.requests")).as("all four entries usable, then one freed").isEqualTo(5);
    }

    @Test
    void vtdTeardownWaitsForThePasidsOutstandingRequestsThenDrains() {
        SmmuBench b = new SmmuBench("pageRequests: vtd-prq", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        hw.pageRequest(5, pasid, b.va, Access.READ, 1, true);
        hw.pageRequest(5, pasid, b.va + PAGE, Access.READ, 2, true);
        long atcInv = b.counter("node1.smmu.cmdq.atcInv");
        long[] doneAt = {-1};
        long[] resolvedAtDone = {-1};

        b.smmu.unbind(SmmuBench.STREAM, () -> {
            doneAt[0] = b.bench.now();
            resolvedAtDone[0] = b.counter("node1.faults.resolved");
        });

        assertThat(b.smmu.domainOf(SmmuBench.STREAM)).as("the PASID entry is torn down first").isEmpty();
        assertThat(doneAt[0]).as("two requests of the PASID are outstanding").isEqualTo(-1);
        assertThat(b.counter("node1.smmu.prq.drains")).as("no drain descriptor before they are handled").isZero();

        b.bench.run();

        assertThat(resolvedAtDone[0]).as("both handled before the teardown completed").isEqualTo(2);
        assertThat(b.endpoint.responses).hasSize(2);
        assertThat(doneAt[0]).as("after the second fault's 5.8 us + the 2.8 us worker step of the first")
                .isGreaterThan(8_000);
        assertThat(b.counter("node1.smmu.prq.drains")).isEqualTo(1);
        assertThat(b.counter("node1.smmu.prq.drainRetries")).as("scanned again after PRQ thread runs").isPositive();
        assertThat(b.bench.metrics().get("node1.smmu.prq.drainPending")).as("both requests found between PQH and PQT")
                .contains("count=1").contains("max=2");
        assertThat(b.bench.metrics().get("node1.smmu.prq.drainWait")).contains("count=1");
        assertThat(b.counter("node1.smmu.cmdq.atcInv") - atcInv).as("the PASID's device-TLB invalidation").isEqualTo(1);
        assertThat(b.endpoint.invalidations.get(b.endpoint.invalidations.size() - 1)[2]).as("the whole address space")
                .isEqualTo(1L << 48);
        long[] drain = findCommand(hw, w0 -> VtdPrqFormat.isWait(w0) && (w0 & VtdPrqFormat.QI_IWD_PRQ_DRAIN) != 0);
        assertThat(drain).as("an invalidation wait with PD and fence").isNotNull();
        assertThat(drain[0] & VtdPrqFormat.QI_IWD_FENCE).isNotZero();
    }

    @Test
    void vtdTeardownWithNothingOutstandingCompletesAfterItsFourDescriptors() {
        SmmuBench b = new SmmuBench("pageRequests: vtd-prq", "linux-iopf").withEndpoint();
        long start = b.bench.now();
        long[] doneAt = {-1};

        b.smmu.unbind(SmmuBench.STREAM, () -> doneAt[0] = b.bench.now());
        b.bench.run();

        assertThat(doneAt[0] - start).as("wait, IOTLB, device-TLB, wait+PD at 50 ns each, and the wait for the"
                + " device-TLB invalidation's completion: PCIe both ways and the endpoint's 500 ns").isEqualTo(4 * 50 + 1300);
        assertThat(b.counter("node1.smmu.prq.drainRetries")).isZero();
    }

    @Test
    void aVtdDrainThatFindsPrsProSetWaitsForThePrqThreadAndResubmits() {
        SmmuBench b = new SmmuBench("pageRequests: vtd-prq, priqLog2: 2", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        int other = pasid + 1;
        for (int i = 0; i < 4; i++) {
            hw.pageRequest(6, other, b.va + i * PAGE, Access.READ, i, true);
        }
        assertThat(hw.priOverflowed()).as("another PASID's requests filled the PRQ").isTrue();
        long[] doneAt = {-1};

        b.smmu.unbind(SmmuBench.STREAM, () -> doneAt[0] = b.bench.now());
        b.bench.run();

        assertThat(b.counter("node1.smmu.prq.drains")).as("submitted twice: PRS.PRO was set after the first")
                .isEqualTo(2);
        assertThat(b.counter("node1.smmu.prq.drainRetries")).isEqualTo(1);
        assertThat(hw.priOverflowed()).isFalse();
        assertThat(doneAt[0]).as("after the PRQ thread emptied the PRQ and cleared PRO").isGreaterThan(1_000);
    }

    @Test
    void aSmmuTeardownHasNoDrain() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();

        b.smmu.detach(SmmuBench.STREAM);

        assertThat(b.counter("node1.smmu.prq.drains")).isZero();
    }

    @Test
    void byteRingsKeepOneEntryEmpty() {
        assertThat(ByteRing.full(3 * 32, 0, 32, 2)).isTrue();
        assertThat(ByteRing.full(2 * 32, 0, 32, 2)).isFalse();
        assertThat(ByteRing.next(3 * 16, 16, 2)).as("wraps to 0").isZero();
        assertThat(ByteRing.used(16, 3 * 16, 16, 2)).as("tail wrapped behind head").isEqualTo(2);
    }

    @Test
    void responsesDecodeToWhatTheyEncode() {
        for (PageRequestFormat f : new PageRequestFormat[] {new SmmuPriFormat(), new VtdPrqFormat(), new AmdPprFormat()}) {
            for (int code : new int[] {Regs.PRI_RESP_SUCC, Regs.PRI_RESP_DENY, Regs.PRI_RESP_FAIL}) {
                long[] w = f.response(0x1234, 0x9abcd, 0x155, code);
                assertThat(f.decodeResponse(w[0], w[1])).as(f.name() + " code " + code)
                        .isEqualTo(new PageRequestFormat.Response(0x1234, 0x9abcd, 0x155, code));
            }
            long[] noPasid = f.response(7, -1, 3, Regs.PRI_RESP_SUCC);
            assertThat(f.decodeResponse(noPasid[0], noPasid[1]).ssid()).as(f.name()).isEqualTo(-1);
        }
    }

    @Test
    void theVtdWorkerSpinsUntilItsWaitDescriptorIsConsumedAndTheOthersDoNot() {
        long[] busy = new long[3];
        String[] formats = {"smmuv3-priq", "vtd-prq", "amd-ppr-log"};
        for (int i = 0; i < 3; i++) {
            SmmuBench b = new SmmuBench("pageRequests: " + formats[i], "linux-iopf").withEndpoint();
            b.smmu.hardware().pageRequest(5, b.smmu.pasidOf(SmmuBench.STREAM), b.va, Access.READ, 1, true);
            b.bench.run();
            busy[i] = b.bench.node("node1").resources().cores().get(1).busyNanos();
        }

        assertThat(busy[2]).as("COMPLETE_PPR_REQUEST is posted, as CMD_PRI_RESP").isEqualTo(busy[0]);
        assertThat(busy[1] - busy[0]).as("page group response + invalidation wait at 50 ns each").isEqualTo(100);
    }

    @Test
    void clearingAPrqOverflowDiscardsTheGroupWhoseLastRequestWasLostAndItsRepeatIsAnsweredOnce() {
        SmmuBench b = new SmmuBench("pageRequests: vtd-prq, priqLog2: 2", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();
        hw.pageRequest(5, pasid, b.va, Access.READ, 7, false);
        hw.pageRequest(5, pasid, b.va + PAGE, Access.READ, 1, true);
        hw.pageRequest(5, pasid, b.va + 2 * PAGE, Access.READ, 2, true);
        assertThat(hw.pageRequest(5, pasid, b.va + 3 * PAGE, Access.READ, 7, true)).as("the PRQ is full").isFalse();

        b.bench.run();

        assertThat(b.counter("node1.faults.partial.discarded")).as("group 7's first request").isEqualTo(1);
        assertThat(b.endpoint.responses).extracting(r -> r[1] + ":" + r[2]).as("only the IOMMU's answer for group 7")
                .containsExactly("7:" + Regs.PRI_RESP_SUCC, "1:" + Regs.PRI_RESP_SUCC, "2:" + Regs.PRI_RESP_SUCC);
        assertThat(b.memory.translate(b.space, b.va, Access.READ)).as("a discarded request did nothing").isEmpty();

        hw.pageRequest(5, pasid, b.va, Access.READ, 7, false);
        hw.pageRequest(5, pasid, b.va + 3 * PAGE, Access.READ, 7, true);
        b.bench.run();

        assertThat(b.endpoint.responses).hasSize(4);
        assertThat(b.endpoint.responses.get(3)).containsExactly(pasid, 7, Regs.PRI_RESP_SUCC);
        assertThat(b.counter("node1.faults.resolved")).as("1, 2, then both pages of group 7").isEqualTo(4);
        assertThat(b.memory.translate(b.space, b.va, Access.READ)).isPresent();
    }
}
