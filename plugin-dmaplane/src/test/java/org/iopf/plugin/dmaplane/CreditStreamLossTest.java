package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.testkit.TestBench;
import org.iopf.testkit.WorkloadRun;
import org.junit.jupiter.api.Test;

/**
 * The credit stream over Soft-RoCE on a lossy fabric: a lost packet is sent again when its ACK
 * timer fires, so every message arrives once and intact.
 */
final class CreditStreamLossTest {
    private static TestBench bench(double loss, int credits) {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    memory: {numa: [1GiB]}\n"
                + "    dmaplane: {type: dmaplane, params: {default_credits: " + credits + "}}\n";
        return TestBench.of("seed: 3\nfabric: {link: {rate: 10Gbps, latency: 14us, loss: " + loss
                + "}, switchLatency: 1us}\nnodes:\n  - name: node1\n" + node + "  - name: node2\n" + node);
    }

    private static WorkloadRun stream(TestBench bench, int messages) {
        return bench.runWorkload("dmaplane-credit-stream", Map.of("source", "node1", "target", "node2",
                "messageSize", "16KiB", "messages", Integer.toString(messages)));
    }

    /**
     * As many credits as messages, so each message has its own slot and one acknowledged with a hole
     * (a packet of its four lost) shows in the integrity check at the end.
     */
    @Test
    void lostPacketsAreSentAgainAndEveryMessageArrivesOnceIntact() {
        TestBench bench = bench(0.03, 128);
        WorkloadRun run = stream(bench, 128);

        assertThat(run.finished()).isTrue();
        assertThat(bench.counter("workload.messages")).isEqualTo(128);
        assertThat(bench.counter("node1.dmaplane.rxe.timeouts") + bench.counter("node2.dmaplane.rxe.timeouts"))
                .as("ACK timeouts that sent packets again").isPositive();
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
        assertThat(bench.counter("workload.bytes")).isEqualTo(128 * 16 * 1024);
    }
}
