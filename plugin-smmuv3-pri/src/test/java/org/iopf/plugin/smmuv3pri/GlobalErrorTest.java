package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.mem.Access;
import org.junit.jupiter.api.Test;

/**
 * The driver's global error handling ({@code arm_smmu_gerror_handler}): an illegal command stops
 * the command queue with GERROR.CMDQ_ERR, the handler overwrites it with CMD_SYNC, acknowledges in
 * GERRORN and the commands behind it are consumed; a PRI queue whose memory aborts loses requests
 * with GERROR.PRIQ_ABT_ERR, which the handler acknowledges.
 */
final class GlobalErrorTest {
    @Test
    void theDriverSkipsAnIllegalCommandAndTheQueueGoesOn() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        Smmuv3Hardware hw = b.smmu.hardware();
        long tlbi = b.counter("node1.smmu.cmdq.tlbi");
        long syncs = b.counter("node1.smmu.cmdq.sync");
        long bad = hw.readRegister(Regs.CMDQ_PROD);

        b.smmu.issueCommand(0x7f, 0);
        b.smmu.issueCommand(Regs.CMD_TLBI_NH_ASID | 1L << 48, 0);
        b.smmu.issueCommand(Regs.CMD_SYNC, 0);
        b.bench.run();

        assertThat(b.counter("node1.smmu.cmdq.errors")).isEqualTo(1);
        assertThat(b.counter("node1.smmu.gerror.handled")).isEqualTo(1);
        assertThat(hw.readRegister(Regs.GERROR)).as("acknowledged").isEqualTo(hw.readRegister(Regs.GERRORN));
        assertThat(hw.readRegister(Regs.CMDQ_CONS)).as("consumed up to PROD").isEqualTo(hw.readRegister(Regs.CMDQ_PROD));
        assertThat(b.counter("node1.smmu.cmdq.tlbi") - tlbi).as("the command behind the bad one").isEqualTo(1);
        assertThat(b.counter("node1.smmu.cmdq.sync") - syncs).as("the CMD_SYNC put in its place and the real one")
                .isEqualTo(2);
        long base = hw.readRegister(Regs.CMDQ_BASE) & Regs.Q_BASE_ADDR_MASK;
        long log2 = hw.readRegister(Regs.CMDQ_BASE) & Regs.Q_BASE_LOG2SIZE_MASK;
        assertThat(hw.memory().read(base + 16 * QueueIndex.index((int) bad, (int) log2)) & 0xff).isEqualTo(Regs.CMD_SYNC);
    }

    @Test
    void aSynchronousCallBehindAnIllegalCommandStillReturnsWithItsCommandsConsumed() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        Smmuv3Hardware hw = b.smmu.hardware();
        b.smmu.issueCommand(0x7f, 0);

        b.smmu.invalidateAll(SmmuBench.DOMAIN);

        assertThat(b.counter("node1.smmu.cmdq.errors")).isEqualTo(1);
        assertThat(hw.readRegister(Regs.CMDQ_CONS)).isEqualTo(hw.readRegister(Regs.CMDQ_PROD));
        assertThat(hw.globalErrorActive(Regs.GERROR_CMDQ_ERR)).isFalse();
    }

    @Test
    void aPriQueueWriteThatAbortsLosesTheRequestAndTheHandlerAcknowledgesPriqAbtErr() {
        SmmuBench b = new SmmuBench("", "linux-iopf").withEndpoint();
        Smmuv3Hardware hw = b.smmu.hardware();
        long outside = b.memory.physicalMemory().size() + (1 << 20);
        hw.writeRegister(Regs.PRIQ_BASE, outside | (hw.readRegister(Regs.PRIQ_BASE) & Regs.Q_BASE_LOG2SIZE_MASK));

        boolean queued = hw.pageRequest(5, b.smmu.pasidOf(SmmuBench.STREAM), b.va, Access.READ, 1, true);
        assertThat(queued).isFalse();
        assertThat(hw.globalErrorActive(Regs.GERROR_PRIQ_ABT_ERR)).as("before the interrupt is taken").isTrue();
        b.bench.run();

        assertThat(b.counter("node1.smmu.priq.requests")).isZero();
        assertThat(b.counter("node1.smmu.priq.discarded")).isEqualTo(1);
        assertThat(b.counter("node1.smmu.gerror.handled")).isEqualTo(1);
        assertThat(hw.globalErrorActive(Regs.GERROR_PRIQ_ABT_ERR)).isFalse();
        assertThat(b.endpoint.responses).as("a lost request is not answered").isEmpty();
    }
}
