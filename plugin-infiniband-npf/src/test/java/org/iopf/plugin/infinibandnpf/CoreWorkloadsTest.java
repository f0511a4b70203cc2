package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Core's built-in RDMA workloads drive the HCA unchanged on on-demand, partly resident memory, and
 * on a lossy fabric complete every operation they were asked.
 */
final class CoreWorkloadsTest {
    private static final String NODES = """
            seed: 3
            nodes:
              - name: node1
                nic0: {type: ib-npf-hca, params: {minAckTimeout: 1ms, localAckTimeout: 7}}
              - name: node2
                nic0: {type: ib-npf-hca, params: {minAckTimeout: 1ms, localAckTimeout: 7}}
            """;

    @ParameterizedTest
    @ValueSource(strings = {
        "{type: ping-pong, params: {verb: send, messageSize: 4KiB, messages: 20, concurrency: 2, resident: 0.0, "
                + "onDemand: true}}",
        "{type: ping-pong, params: {verb: write-imm, messageSize: 64KiB, messages: 20, concurrency: 4, "
                + "resident: 0.0, onDemand: true}}",
        "{type: rdma-read-stream, params: {messageSize: 1MiB, messages: 16, concurrency: 4, resident: 0.5, "
                + "onDemand: true}}",
        "{type: rdma-write-stream, params: {messageSize: 1MiB, messages: 16, concurrency: 4, resident: 0.5, "
                + "onDemand: true}}"})
    void finishesWithEveryByteIntactAfterFaultingOnBothSides(String workload) {
        RunResult result = ScenarioFiles.runText("workload", NODES + "workload: " + workload + "\n");
        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
        assertThat(result.value("errors").orElseThrow()).isZero();
        assertThat(result.value("integrity.mismatchedPages").orElseThrow()).isZero();
        assertThat(result.value("node1.nic0.npf.faults").orElseThrow()).isPositive();
        assertThat(result.value("node2.nic0.npf.faults").orElseThrow()).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{type: rdma-read-stream, params: {messageSize: 256KiB, messages: 16, concurrency: 4, resident: 0.3, "
                + "onDemand: true}}",
        "{type: rdma-write-stream, params: {messageSize: 256KiB, messages: 16, concurrency: 4, resident: 0.3, "
                + "onDemand: true}}",
        "{type: ping-pong, params: {messageSize: 64KiB, messages: 16, concurrency: 2, resident: 0.3, "
                + "onDemand: true}}"})
    void streamsRecoverFromLossAndFaultsTogether(String workload) {
        String lossy = NODES.replace("seed: 3", "seed: 5\nfabric: {link: {rate: 100Gbps, latency: 500ns, loss: 0.01}}")
                .replace("minAckTimeout: 1ms, localAckTimeout: 7", "minAckTimeout: 0ns, localAckTimeout: 8");
        RunResult result = ScenarioFiles.runText("lossy", lossy + "workload: " + workload + "\n");
        WorkloadOutcome outcome = result.outcome().orElseThrow();
        assertThat(outcome.isComplete()).as(outcome.summary()).isTrue();
        assertThat(outcome.completed()).isEqualTo(16);
        assertThat(result.expectations().allPassed()).as("the implicit completion check").isTrue();
        assertThat(result.value("sim.finished").orElseThrow()).isEqualTo(1.0);
        assertThat(result.value("errors").orElseThrow()).isZero();
        assertThat(result.value("messages").orElseThrow()).isEqualTo(16);
        assertThat(result.value("integrity.mismatchedPages").orElseThrow()).isZero();
        assertThat(result.value("node1.nic0.timeouts").orElseThrow()).isPositive();
        assertThat(result.value("node2.nic0.npf.faults").orElseThrow()).isPositive();
    }
}
