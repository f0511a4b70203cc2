package org.iopf.reference.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iopf.core.platform.InvalidScenarioException;
import org.junit.jupiter.api.Test;

/** {@code onDemand} on the pinned baseline, which has no page-fault support anywhere. */
final class OnDemandTest {
    @Test
    void onDemandOnAPinnedNicIsRefusedBeforeTheFirstEvent() {
        assertThatThrownBy(() -> WorkloadRun.of("rdma-read-stream", 1, Map.of("onDemand", "true")))
                .isInstanceOf(InvalidScenarioException.class)
                .hasMessage("workload.params.source: node 'node1' has NIC 'nic0' (pinned-rc-nic) without on-demand "
                        + "registration (rdma-read-stream registers its buffers there without pinning, as onDemand is "
                        + "true); nodes whose NIC has on-demand registration: none");
    }

    @Test
    void unmappedDmaBuffersFaultAndEveryBlockFailsOnThePremappedIommu() {
        WorkloadRun run = WorkloadRun.of("dma-copy-stream", 1, Map.of("onDemand", "true", "messages", "5",
                "concurrency", "2"));

        assertThat(run.context.isFinished()).isTrue();
        assertThat(run.counter("workload.messages")).isEqualTo(5);
        assertThat(run.counter("workload.errors")).isEqualTo(5);
        assertThat(run.counter("workload.bytes")).isZero();
        assertThat(run.histogram("workload.latency").count()).isZero();
        assertThat(run.counter("workload.integrity.mismatchedPages")).isEqualTo(4 * 64 * 1024 / 4096 / 2);
    }
}
