package org.iopf.plugin.pldma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.testkit.DmaEngineContract;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/**
 * The PLDMA honours the DMA-engine contract on a fabric that loses 2% of its packets (data, ACKs,
 * NACKs and RESUMEs): retransmission and the receiver's duplicate filter must still deliver every
 * byte exactly once and complete every transfer once.
 */
final class PldmaLossyFabricDmaEngineContractTest implements DmaEngineContract {
    @Override
    public String dmaPlatform() {
        return new PldmaDmaEngineContractTest().dmaPlatform().replace("loss: 0.0", "loss: 0.02");
    }

    @Override
    public String destinationNode() {
        return "node2";
    }

    /** The premise of this variant: its fabric really loses packets and the PLDMA really retransmits. */
    @Test
    void theFabricLosesPacketsAndThePldmaRetransmits() {
        TestBench bench = TestBench.of(dmaPlatform());

        bench.runWorkload("pldma-stream", Map.of("streams", "1", "faultingStreams", "0", "messageSize", "64KiB",
                "messages", "8"));

        assertThat(bench.counter("node1.dma.retransmissions")).isPositive();
        assertThat(bench.counter("workload.bytes")).isEqualTo(8 * 65536);
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.metrics()).containsKey("workload.integrity.mismatchedPages");
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
    }
}
