package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iopf.api.iommu.Iommu;
import org.junit.jupiter.api.Test;

/** The bench builds a platform from text, runs workloads and records a comparable trace. */
final class TestBenchTest {
    static final String BASELINE = """
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB]}
                iommu: {type: premapped-iommu}
                dma: {type: plain-dma}
                nic0: {type: pinned-rc-nic}
                faults: {type: terminate}
                buffers: {type: pinned-buffers}
              - name: node2
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB]}
                iommu: {type: premapped-iommu}
                dma: {type: plain-dma}
                nic0: {type: pinned-rc-nic}
                faults: {type: terminate}
                buffers: {type: pinned-buffers}
            """;
    private static final Map<String, String> STREAM = Map.of("source", "node1", "target", "node2",
            "messageSize", "64KiB", "messages", "8", "concurrency", "2");

    @Test
    void aPlatformTextBecomesNodesWithTheirRoles() {
        TestBench bench = TestBench.of(BASELINE);

        assertThat(bench.role("node1", Iommu.class)).isNotNull();
        assertThat(bench.now()).isZero();
        assertThatThrownBy(() -> bench.node("node3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no node 'node3'; nodes are [node1, node2]");
    }

    @Test
    void aWorkloadRunsToItsEndAndMovesItsBytes() {
        TestBench bench = TestBench.of(BASELINE);

        WorkloadRun run = bench.runWorkload("rdma-write-stream", STREAM);

        assertThat(run.finished()).isTrue();
        assertThat(run.finishedAtNanos()).isPositive().isLessThanOrEqualTo(run.endNanos());
        assertThat(bench.counter("workload.bytes")).isEqualTo(8 * 65536);
        assertThat(bench.traceEvents()).isPositive();
    }

    @Test
    void theSameSeedGivesTheSameTraceAndAnUnknownWorkloadIsNamed() {
        TestBench a = TestBench.of(BASELINE, 7);
        TestBench b = TestBench.of(BASELINE, 7);
        a.runWorkload("rdma-write-stream", STREAM);
        b.runWorkload("rdma-write-stream", STREAM);

        assertThat(a.traceJson()).isEqualTo(b.traceJson());
        assertThat(a.metrics()).isEqualTo(b.metrics());
        assertThatThrownBy(() -> a.runWorkload("no-such", Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no workload type 'no-such' on the class path");
    }

    @Test
    void aPlatformTextErrorNamesTheLine() {
        assertThatThrownBy(() -> TestBench.of("nodes:\n  - name: node1\n    iommu: {type: no-such-iommu}\n"))
                .hasMessageStartingWith("test platform:3:19: nodes[0].iommu.type: unknown component type 'no-such-iommu'");
    }
}
