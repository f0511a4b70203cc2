package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.junit.jupiter.api.Test;

/**
 * {@code tlbHitLatency} and {@code walkAccessLatency} are service times: a walk's time is the TLB
 * time plus one drawn time per descriptor read, so a distribution spreads the walks' times while
 * the constant defaults give every 4-read walk exactly 10 + 4 x 120 ns.
 */
final class HardwareLatencyTest {
    private static final StreamId STREAM = new StreamId(3);
    private static final DomainId DOMAIN = new DomainId(5);
    private static final int PAGES = 64;

    /** The latency of the first (walking) translation of each of {@code PAGES} mapped pages. */
    private static List<Long> walkLatencies(Map<String, String> params) {
        SmmuNode n = new SmmuNode(params, "terminate", Map.of());
        AddressSpace space = n.mm.createAddressSpace("app");
        long va = n.mm.mmap(space, PAGES * 4096L, MapOptions.DEFAULT);
        n.smmu.attach(STREAM, DOMAIN, space);
        List<Long> latencies = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            long page = va + i * 4096L;
            n.mm.faultInNow(space, page, Access.WRITE);
            n.smmu.map(DOMAIN, page, n.mm.translate(space, page, Access.READ).orElseThrow(), 4096, true);
            latencies.add(n.smmu.translate(STREAM, page, Access.READ, n.listener).latencyNanos());
        }
        return latencies;
    }

    @Test
    void theConstantDefaultsGiveEveryFourReadWalkTheSameTime() {
        assertThat(new HashSet<>(walkLatencies(Map.of("tlbEntries", "4", "tlbWays", "4")))).containsExactly(
                10L + 4 * 120);
    }

    @Test
    void aDistributedWalkReadSpreadsTheWalksWithinTheirBounds() {
        List<Long> latencies = walkLatencies(Map.of("tlbEntries", "4", "tlbWays", "4",
                "walkAccessLatency", "uniform(100ns, 140ns)"));

        assertThat(latencies).allSatisfy(l -> assertThat(l).isBetween(10L + 4 * 100, 10L + 4 * 140));
        assertThat(new HashSet<>(latencies)).as("distinct walk times").hasSizeGreaterThan(10);
    }

    @Test
    void theSameSeedDrawsTheSameWalkTimes() {
        Map<String, String> params = Map.of("walkAccessLatency", "lognormal(120ns, 0.5)",
                "tlbHitLatency", "exponential(10ns)");

        List<Long> first = walkLatencies(params);

        assertThat(new HashSet<>(first)).as("the walks' times are drawn, not one constant").hasSizeGreaterThan(10);
        assertThat(walkLatencies(params)).isEqualTo(first);
    }
}
