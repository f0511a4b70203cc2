package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iopf.plugin.zynqsmmu.SmmuRegisters.*;

import java.util.Map;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.sim.Time;
import org.junit.jupiter.api.Test;

/**
 * Stall mode (the transaction waits for RESUME), terminate mode, MULTI, hit-under-fault and the
 * pipelining switch. Banks are programmed without CFIE, so no handler answers and the test writes
 * RESUME itself.
 */
final class StallResumeTest {
    private static final StreamId S0 = new StreamId(1);
    private static final StreamId S1 = new StreamId(2);
    private static final long STALL = SCTLR_M | SCTLR_CFRE | SCTLR_CFCFG;
    private final long va = 0x0000_1000_0000_0000L;

    /** Bank 0 for S0 and bank 1 for S1, each mapping page {@code va} only. */
    private void twoBanks(SmmuNode n, long sctlr) {
        for (int bank = 0; bank < 2; bank++) {
            long l0 = n.frame();
            long l1 = n.frame();
            long l2 = n.frame();
            long l3 = n.frame();
            n.put(l0, Lpae.index(va, 0), Lpae.table(l1));
            n.put(l1, Lpae.index(va, 1), Lpae.table(l2));
            n.put(l2, Lpae.index(va, 2), Lpae.table(l3));
            n.put(l3, Lpae.index(va, 3), Lpae.stage1Leaf(n.frame(), 3, true));
            n.configureStage1(bank, bank + 1, bank, l0, bank + 1, 16, sctlr);
        }
    }

    private Translation read(SmmuNode n, StreamId s, long address) {
        return n.smmu.translate(s, address, Access.READ, n.listener);
    }

    @Test
    void aStalledTransactionWaitsForResumeRetry() {
        SmmuNode n = SmmuNode.terminating(Map.of());
        twoBanks(n, STALL);

        Translation t = read(n, S0, va + 4096);
        n.sim.kernel().runUntil(Time.micros(5));

        assertThat(t.isFault()).isTrue();
        assertThat(n.heard).isEmpty();
        assertThat(n.smmu.stalledIn(0)).isEqualTo(1);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF | FSR_SS);
        n.smmu.writeRegister(cb(0, CB_FSR), FSR_TF);
        n.smmu.writeRegister(cb(0, CB_RESUME), 0);

        assertThat(n.heard).hasSize(1);
        assertThat(n.heard.get(0)).containsExactly(t.record().orElseThrow().id(), FaultResolution.RETRY, Time.micros(5));
        assertThat(n.reg(cb(0, CB_FSR))).isZero();
        assertThat(n.smmu.stalledIn(0)).isZero();
    }

    @Test
    void resumeWithTnrTerminatesTheOldestStalledTransaction() {
        SmmuNode n = SmmuNode.terminating(Map.of());
        twoBanks(n, STALL | SCTLR_HUPCF);
        Translation first = read(n, S0, va + 4096);
        Translation second = read(n, S0, va + 8192);

        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF | FSR_SS | FSR_MULTI);
        assertThat(n.reg(cb(0, CB_FAR))).isEqualTo(va + 4096);
        n.smmu.writeRegister(cb(0, CB_RESUME), 1);
        n.smmu.writeRegister(cb(0, CB_RESUME), 0);

        assertThat(n.heard).extracting(h -> h[0]).containsExactly(first.record().orElseThrow().id(), second.record().orElseThrow().id());
        assertThat(n.heard).extracting(h -> h[1]).containsExactly(FaultResolution.TERMINATE, FaultResolution.RETRY);
    }

    @Test
    void terminateModeAbortsAtOnce() {
        SmmuNode n = SmmuNode.terminating(Map.of());
        twoBanks(n, SCTLR_M | SCTLR_CFRE);

        Translation t = read(n, S0, va + 4096);
        n.sim.kernel().run();

        assertThat(n.heard).hasSize(1);
        assertThat(n.heard.get(0)).containsExactly(t.record().orElseThrow().id(), FaultResolution.TERMINATE, 0L);
        assertThat(n.reg(cb(0, CB_FSR))).isEqualTo(FSR_TF);
        n.smmu.writeRegister(cb(0, CB_RESUME), 0);
        assertThat(n.heard).hasSize(1);
    }

    @Test
    void withoutHupcfAStalledContextHoldsEvenItsHitsUntilResume() {
        SmmuNode n = SmmuNode.terminating(Map.of());
        twoBanks(n, STALL);
        read(n, S0, va);
        read(n, S0, va + 4096);

        Translation held = read(n, S0, va);
        Translation otherContext = read(n, S1, va);

        assertThat(held.isFault()).isTrue();
        assertThat(otherContext.isFault()).isFalse();
        n.smmu.writeRegister(cb(0, CB_RESUME), 1);
        n.sim.kernel().run();
        assertThat(n.heard).extracting(h -> h[1]).containsExactly(FaultResolution.TERMINATE, FaultResolution.RETRY);
        assertThat(n.heard.get(1)[0]).isEqualTo(held.record().orElseThrow().id());
    }

    @Test
    void withHupcfHitsGoOnUnderAStalledFault() {
        SmmuNode n = SmmuNode.terminating(Map.of());
        twoBanks(n, STALL | SCTLR_HUPCF);
        read(n, S0, va);
        read(n, S0, va + 4096);

        assertThat(read(n, S0, va).isFault()).isFalse();
    }

    @Test
    void withoutPipeliningAStallInOneContextHoldsEveryOtherContext() {
        SmmuNode n = SmmuNode.terminating(Map.of("pipelining", "false"));
        twoBanks(n, STALL | SCTLR_HUPCF);
        read(n, S0, va + 4096);

        Translation other = read(n, S1, va);

        assertThat(other.isFault()).isTrue();
        n.sim.kernel().runUntil(Time.micros(3));
        n.smmu.writeRegister(cb(0, CB_RESUME), 0);
        n.sim.kernel().run();
        assertThat(n.heard).hasSize(2);
        assertThat(n.heard.get(1)).containsExactly(other.record().orElseThrow().id(), FaultResolution.RETRY, Time.micros(3));
        assertThat(read(n, S1, va).isFault()).isFalse();
    }
}
