package org.iopf.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.sim.DataRate;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.junit.jupiter.api.Test;

/** FIDELITY G3: the same run twice gives identical figures; randomness comes only from the seed. */
final class DeterminismTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            DeterminismTest.class.getClassLoader());

    /** Two nodes on lossy links with a short ACK timeout, so that the seed decides which packets are lost. */
    private static PlatformSpec lossy(long seed) {
        List<NodeSpec> nodes = DefaultPlatforms.pinnedBaseline(seed).nodes().stream()
                .map(n -> new NodeSpec(n.name(), n.memory(), n.cores(), n.components().stream()
                        .map(c -> c.type().equals("pinned-rc-nic")
                                ? new ComponentSpec(c.name(), c.type(), Map.of("localAckTimeout", "3"))
                                : c)
                        .toList()))
                .toList();
        return new PlatformSpec(seed, new LinkSpec(DataRate.gbps(100), 500, 0.01), 300, nodes);
    }

    private record Outcome(long traceHash, long events, String metrics) {
    }

    private static Outcome run(long seed) {
        Simulation sim = Simulation.build(lossy(seed), REGISTRY);
        long[] hash = {1125899906842597L};
        sim.kernel().setExecutionListener((time, sequence) -> hash[0] = 31 * (31 * hash[0] + time) + sequence);
        sim.run(new RdmaWriteStreamType(), Map.of("messageSize", "256KiB", "messages", "16"));
        return new Outcome(hash[0], sim.kernel().executedEvents(), sim.metrics().snapshot().toString());
    }

    @Test
    void sameSeedGivesAnIdenticalEventTraceAndIdenticalMetrics() {
        Outcome first = run(42);
        Outcome second = run(42);
        assertThat(second).isEqualTo(first);
        assertThat(first.metrics()).contains("workload.integrity.mismatchedPages=CounterValue[unit=pages, value=0]");
    }

    @Test
    void anotherSeedLosesOtherPacketsAndSoRunsDifferently() {
        assertThat(run(43).traceHash()).isNotEqualTo(run(42).traceHash());
    }
}
