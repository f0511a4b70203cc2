package org.iopf.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iopf.api.mem.ContentMode;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.Test;

final class PinnedRdmaWriteTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
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
        // 256 packets of 4096 + 42 B back to back at 100 Gbps: ceil(331.04) = 332 ns each, the last
        // leaves at 256 x 332 = 84 992 ns; + 500 link + 300 switch + 332 downlink + 500 link = 86 624 ns
        // at the responder; its 30 B ACK takes 3 + 500 + 300 + 3 + 500 ns back: completion at 87 930 ns.
        long lastDataArrives = 256 * 332 + 500 + 300 + 332 + 500;
        assertThat(run.finishedAt()).isEqualTo(lastDataArrives + 3 + 500 + 300 + 3 + 500);
    }

    @Test
    void aLargeRunInFingerprintModeMovesExactContentWithoutStoringIt() {
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(3);
        List<NodeSpec> nodes = base.nodes().stream()
                .map(n -> new NodeSpec(n.name(), new MemorySpec(SlitNumaTopology.singleNode(256L << 30),
                        ContentMode.FINGERPRINT, MemoryManagerConfig.defaults()), n.cores(), n.components()))
                .toList();
        Simulation sim = Simulation.build(new PlatformSpec(3, base.defaultLink(), base.switchLatencyNanos(), nodes),
                REGISTRY);
        sim.run(new RdmaWriteStreamType(), Map.of("messageSize", "16MiB", "messages", "4", "concurrency", "4"));

        assertThat(counter(sim, "workload.bytes")).isEqualTo(64L << 20);
        assertThat(counter(sim, "workload.integrity.mismatchedPages")).isZero();
        long stored = sim.nodes().stream().mapToLong(n -> n.memoryManager().physicalMemory().storedBytes()).sum();
        assertThat(stored).as("bytes stored for 2 x 64 MiB of contents").isLessThan(64L << 20 >> 4);
    }

    @Test
    void aNicOfItsOwnRateNeverSendsFasterThanTheFabricsLink() {
        PlatformSpec base = DefaultPlatforms.pinnedBaseline(7);
        PlatformSpec slowLink = new PlatformSpec(7, org.iopf.api.fabric.LinkSpec.lossless(
                org.iopf.api.sim.DataRate.gbps(10), base.defaultLink().latencyNanos()), base.switchLatencyNanos(),
                base.nodes());
        Simulation sim = Simulation.build(slowLink, REGISTRY);
        SimWorkloadContext run = sim.run(new RdmaWriteStreamType(),
                Map.of("messageSize", "1MiB", "messages", "1", "concurrency", "1"));

        // the NICs ask for 100 Gbps; at the link's 10 Gbps each 4138 B packet takes ceil(3310.4) = 3311 ns
        assertThat(counter(sim, "workload.bytes")).isEqualTo(1L << 20);
        long lastDataArrives = 256 * 3311 + 500 + 300 + 3311 + 500;
        assertThat(run.finishedAt()).isEqualTo(lastDataArrives + 24 + 500 + 300 + 24 + 500);
    }

    private static long counter(Simulation sim, String name) {
        return ((MetricValue.CounterValue) sim.metrics().snapshot().get(name)).value();
    }
}
