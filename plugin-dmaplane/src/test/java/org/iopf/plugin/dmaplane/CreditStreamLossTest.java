package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.testkit.TestBench;
import org.iopf.testkit.WorkloadRun;
import org.junit.jupiter.api.Test;

/**
 * The credit stream over Soft-RoCE on a lossy fabric: a lost packet is sent again when its ACK
 * timer fires, so every message arrives once and intact; when the losses outlast the retries, the
 * stream says how much it did not do and why.
 */
final class CreditStreamLossTest {
    /** Constant per-packet costs: what is lost is then the link's doing alone, and the counts are exact. */
    private static TestBench bench(double loss, int credits) {
        String node = "    cores: [{cluster: cpu, count: 4}]\n    memory: {numa: [1GiB]}\n"
                + "    dmaplane: {type: dmaplane, params: {default_credits: " + credits + ", rxePacketCost: 900ns}}\n";
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

        assertThat(run.outcome()).hasValue(WorkloadOutcome.of(128, 128, "messages"));
        assertThat(bench.counter("node1.dmaplane.rxe.timeouts") + bench.counter("node2.dmaplane.rxe.timeouts"))
                .as("ACK timeouts that sent packets again").isPositive();
        assertThat(bench.counter("workload.errors")).isZero();
        assertThat(bench.counter("workload.integrity.mismatchedPages")).isZero();
        assertThat(bench.counter("workload.bytes")).isEqualTo(128 * 16 * 1024);
    }

    @Test
    void whenTheLossesOutlastTheRetriesTheStreamSaysWhatItDidNotDoAndWhy() {
        // A lost packet inside a message is recovered at once by the responder's sequence NAK; only a message
        // whose last packet or ACK is lost retry_cnt + 1 times in a row exhausts the retries, which takes 40% loss.
        TestBench bench = bench(0.4, 16);
        WorkloadRun run = stream(bench, 300);

        WorkloadOutcome outcome = run.outcome().orElseThrow();
        assertThat(run.finished()).as("the stream waits for credits that never come").isFalse();
        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.summary()).isEqualTo("2 of 300 messages completed; node1/dmaplane-rxe queue pair 1 is in "
                + "ERROR (first failure: TRANSPORT_RETRY_EXCEEDED); 282 messages never posted, waiting for recv_credits; "
                + "node2/dmaplane-rxe queue pair 1 is in ERROR (first failure: TRANSPORT_RETRY_EXCEEDED)");
        // the 16 in flight when the queue pair failed: one gave up, the others were flushed
        assertThat(bench.counter("workload.errors")).isEqualTo(16);
        assertThat(bench.counter("workload.completed")).isEqualTo(2);
        assertThat(bench.counter("node1.dmaplane.rxe.timeouts")).as("7 retries, then the timeout that gave up")
                .isGreaterThanOrEqualTo(8);
    }
}
