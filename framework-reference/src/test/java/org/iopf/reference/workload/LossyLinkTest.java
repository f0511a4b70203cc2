package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The built-in workloads over a link that loses 1% of packets: RC retransmission recovers every
 * loss, so every operation completes (the workload's outcome says so, with no problem) and no
 * error is reported. (A lost ACK once left a ping's
 * send-queue entry held after its pong had come back; ping-pong then failed every later ping as
 * QUEUE_FULL instead of waiting for the entry.)
 */
final class LossyLinkTest {
    private static WorkloadRun lossy(String workload, long seed, Map<String, String> parameters) {
        return lossy(workload, seed, 0.01, parameters);
    }

    private static WorkloadRun lossy(String workload, long seed, double loss, Map<String, String> parameters) {
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(seed);
        LinkSpec link = base.defaultLink();
        PlatformSpec platform = new PlatformSpec(seed, new LinkSpec(link.rate(), link.latencyNanos(), loss),
                base.switchLatencyNanos(), base.nodes());
        Simulation simulation = Simulation.build(platform, WorkloadRun.REGISTRY);
        return WorkloadRun.of(simulation, WorkloadRun.REGISTRY.requireWorkload(workload), parameters);
    }

    @ParameterizedTest(name = "{0} {1}, seed {2}")
    @CsvSource({
        "ping-pong, send, 1", "ping-pong, send, 5", "ping-pong, send, 9",
        "ping-pong, write-imm, 1", "ping-pong, write-imm, 5", "ping-pong, write-imm, 9"})
    void everyRoundTripCompletesDespiteLostPacketsAndAcks(String workload, String verb, long seed) {
        WorkloadRun run = lossy(workload, seed, Map.of("messageSize", "64", "messages", "200", "verb", verb));

        assertThat(run.context.outcome()).hasValue(WorkloadOutcome.of(200, 200, "round trips"));
        assertThat(run.counter("workload.errors")).isZero();
        assertThat(run.counter("workload.messages")).isEqualTo(200);
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
        // losses happened and were recovered by the transport's timer
        assertThat(run.counter("node1.nic0.timeouts") + run.counter("node2.nic0.timeouts")).isPositive();
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @CsvSource({"rdma-write-stream, 1", "rdma-write-stream, 5", "rdma-read-stream, 1", "rdma-read-stream, 5"})
    void everyStreamedMessageArrivesIntactDespiteLostPackets(String workload, long seed) {
        WorkloadRun run = lossy(workload, seed, Map.of("messageSize", "64KiB", "messages", "64"));

        assertThat(run.context.outcome()).hasValue(WorkloadOutcome.of(64, 64, "messages"));
        assertThat(run.counter("workload.errors")).isZero();
        assertThat(run.counter("workload.messages")).isEqualTo(64);
        assertThat(run.counter("workload.integrity.mismatchedPages")).isZero();
    }

    /**
     * On a link that loses 30% of packets the source's queue pair exhausts its 7 retries: the stream
     * says how many messages it completed and that the queue pair is in ERROR, and why.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"rdma-write-stream, 16", "rdma-read-stream, 9"})
    void aStreamWhoseQueuePairGivesUpSaysWhatItDidNotDo(String workload, long completed) {
        WorkloadRun run = lossy(workload, 1, 0.3, Map.of("messageSize", "64KiB", "messages", "64"));

        WorkloadOutcome outcome = run.context.outcome().orElseThrow();
        assertThat(outcome.isComplete()).isFalse();
        assertThat(outcome.summary()).isEqualTo(completed + " of 64 messages completed; node1/nic0 queue pair 1 is "
                + "in ERROR (first failure: TRANSPORT_RETRY_EXCEEDED)");
        assertThat(run.counter("workload.errors")).isEqualTo(64 - completed);
        assertThat(run.gauge("workload.completed")).isEqualTo(completed);
        assertThat(run.gauge("workload.requested")).isEqualTo(64);
    }
}
