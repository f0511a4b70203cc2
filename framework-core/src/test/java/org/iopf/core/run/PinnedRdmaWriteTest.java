package org.iopf.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ComponentRegistry;
import org.iopf.core.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.Test;

final class PinnedRdmaWriteTest {
    private static final ComponentRegistry REGISTRY = ComponentRegistry.fromClassPath(
            PinnedRdmaWriteTest.class.getClassLoader());

    @Test
    void oneMebibyteWriteBetweenTwoNodesArrivesByteExact() {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(7), REGISTRY);
        SimWorkloadContext run = sim.run(new RdmaWriteStreamType(),
                Map.of("messageSize", "1MiB", "messages", "1", "concurrency", "1"));

        assertThat(run.isFinished()).isTrue();
        assertThat(counter(sim, "workload.bytes")).isEqualTo(1L << 20);
        assertThat(counter(sim, "workload.errors")).isZero();
        assertThat(counter(sim, "workload.integrity.mismatchedPages")).isZero();
        // 256 packets of 4 KiB + 42 B headers at 100 Gbps, twice (uplink and downlink, store and forward)
        // plus latencies: the write cannot complete sooner than serializing it once.
        assertThat(run.finishedAt()).isGreaterThan(256L * (4096 + 42) * 8 / 100);
    }

    private static long counter(Simulation sim, String name) {
        return ((MetricValue.CounterValue) sim.metrics().snapshot().get(name)).value();
    }
}
