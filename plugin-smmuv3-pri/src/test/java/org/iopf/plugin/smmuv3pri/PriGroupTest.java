package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/**
 * Page requests through the PRI queue and Linux's iopf path: a PRG of several requests is one
 * fault group with one CMD_PRI_RESP, a group with a page outside every VMA is answered invalid, and
 * a full PRI queue discards requests, sets PRIQ_PROD.OVFLG, answers discarded last requests with
 * success and has its overflow acknowledged by the PRI queue thread.
 */
final class PriGroupTest {
    private static final long PAGE = 4096;

    @Test
    void aGroupOfThreeRequestsIsHandledTogetherAndAnsweredOnce() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();

        hw.pageRequest(5, pasid, b.va, Access.READ, 7, false);
        hw.pageRequest(5, pasid, b.va + PAGE, Access.WRITE, 7, false);
        hw.pageRequest(5, pasid, b.va + 2 * PAGE, Access.READ, 7, true);
        b.bench.run();

        assertThat(b.endpoint.responses).hasSize(1);
        assertThat(b.endpoint.responses.get(0)).containsExactly(pasid, 7, Regs.PRI_RESP_SUCC);
        assertThat(b.counter("node1.faults.groups")).isEqualTo(1);
        assertThat(b.counter("node1.faults.resolved")).isEqualTo(3);
        assertThat(b.counter("node1.smmu.cmdq.priResp")).isEqualTo(1);
        for (int i = 0; i < 3; i++) {
            assertThat(b.memory.translate(b.space, b.va + i * PAGE, Access.READ)).as("page %d present", i)
                    .isPresent();
            Smmuv3Hardware.AtsResult r = hw.atsTranslate(5, pasid, b.va + i * PAGE, Access.READ);
            assertThat(r.pa()).as("the SMMU now walks to the page's frame")
                    .isEqualTo(b.memory.translate(b.space, b.va + i * PAGE, Access.READ).orElseThrow());
        }
        assertThat(hw.atsTranslate(5, pasid, b.va + PAGE, Access.WRITE).writable()).isTrue();
    }

    @Test
    void aGroupWithAPageOutsideEveryVmaIsAnsweredInvalid() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);

        b.smmu.hardware().pageRequest(5, pasid, b.va, Access.READ, 3, false);
        b.smmu.hardware().pageRequest(5, pasid, b.va + (64L << 20), Access.READ, 3, true);
        b.bench.run();

        assertThat(b.endpoint.responses).hasSize(1);
        assertThat(b.endpoint.responses.get(0)).containsExactly(pasid, 3, Regs.PRI_RESP_DENY);
        assertThat(b.counter("node1.faults.terminated")).isEqualTo(1);
    }

    @Test
    void aFullPriQueueDiscardsAnswersLastRequestsAndItsOverflowIsAcknowledged() {
        SmmuBench b = new SmmuBench("priqLog2: 1", "linux-iopf").withEndpoint();
        int pasid = b.smmu.pasidOf(SmmuBench.STREAM);
        Smmuv3Hardware hw = b.smmu.hardware();

        for (int i = 0; i < 4; i++) {
            hw.pageRequest(5, pasid, b.va + i * PAGE, Access.READ, i, true);
        }
        long prod = hw.readRegister(Regs.PRIQ_PROD);
        long cons = hw.readRegister(Regs.PRIQ_CONS);
        assertThat(prod & Regs.Q_OVF).as("OVFLG").isNotZero();
        assertThat(cons & Regs.Q_OVF).isZero();
        assertThat(b.counter("node1.smmu.priq.discarded")).isEqualTo(2);
        b.bench.runFor(1_000);
        assertThat(b.endpoint.responses).as("the SMMU's own answers to the discarded requests")
                .extracting(r -> r[1] + ":" + r[2]).containsExactly("2:" + Regs.PRI_RESP_SUCC, "3:" + Regs.PRI_RESP_SUCC);

        b.bench.run();

        assertThat(b.endpoint.responses).extracting(r -> r[1]).containsExactly(2, 3, 0, 1);
        assertThat(hw.readRegister(Regs.PRIQ_CONS) & Regs.Q_OVF).as("OVACKFLG follows OVFLG").isNotZero();
        assertThat(b.counter("node1.faults.queue.overflows")).isEqualTo(1);
        assertThat(b.memory.translate(b.space, b.va + 2 * PAGE, Access.READ)).as("a discarded request did nothing")
                .isEmpty();
    }
}
