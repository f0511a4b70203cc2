package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Module;
import java.util.List;
import java.util.Set;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;

/** Figure names checked against what the types declare, before anything runs. */
final class FigureNamesTest {
    private static final List<StatisticSpec> NIC_STATISTICS = List.of(
            StatisticSpec.counter("rx.faultDrops", "packets", "packets dropped on a fault"),
            StatisticSpec.histogram("npf.latency", "ns", "time from a fault to its resolution"),
            StatisticSpec.counter("queue.{queue}.drops", "packets", "drops per queue"));

    private final ExtensionRegistry registry = new ExtensionRegistry();

    FigureNamesTest() {
        registry.register(new Declaring("declaring-nic", NIC_STATISTICS), "test");
        registry.register(new Declaring("silent-nic", List.of()), "test");
        registry.registerWorkload(new Stream("declaring-stream",
                List.of(StatisticSpec.counter("{node}.pcieBytes", "bytes", "bytes over PCIe per node"))), "test");
        registry.registerWorkload(new Stream("silent-stream", List.of()), "test");
    }

    private FigureNames names(String workload) {
        NodeSpec node1 = new NodeSpec("node1", MemorySpec.of(1L << 30), List.of(new CoreGroup("cpu", 2)),
                List.of(ComponentSpec.of("nic0", "declaring-nic"), ComponentSpec.of("nic1", "silent-nic")));
        PlatformSpec platform = new PlatformSpec(1, DefaultPlatforms.pinnedBaseline(1).defaultLink(), 0,
                List.of(node1));
        return new FigureNames(platform, registry, registry.requireWorkload(workload));
    }

    @Test
    void aDeclaredStatisticAndItsHistogramFiguresAreKnown() {
        FigureNames names = names("silent-stream");
        assertThat(names.problem("node1.nic0.rx.faultDrops")).isEmpty();
        assertThat(names.problem("node1.nic0.npf.latency.p99")).isEmpty();
        assertThat(names.problem("node1.nic0.npf.latency.count")).isEmpty();
        assertThat(names.problem("node1.nic0.queue.3.drops")).isEmpty();
        assertThat(names.problem("node1.nic0.rx.faultDrops.p99")).isPresent();
    }

    @Test
    void aTypoInADeclaredStatisticIsRefusedWithTheNearestName() {
        assertThat(names("silent-stream").problem("node1.nic0.rx.faultDrop")).contains(
                "node1/nic0 (declaring-nic) records no statistic 'rx.faultDrop' (did you mean 'rx.faultDrops'?)");
        assertThat(names("silent-stream").problem("node1.nic0.tx.bytes")).hasValueSatisfying(p -> assertThat(p)
                .contains("it records [rx.faultDrops, npf.latency, queue.{queue}.drops]"));
    }

    @Test
    void aTypeThatDeclaresNothingIsNotCheckedBelowItsPrefix() {
        assertThat(names("silent-stream").problem("node1.nic1.anything.at.all")).isEmpty();
        assertThat(names("silent-stream").problem("workload.anything")).isEmpty();
    }

    @Test
    void anUnknownComponentOrFirstSegmentIsRefused() {
        assertThat(names("silent-stream").problem("node1.nic2.rx.faultDrops")).contains(
                "node 'node1' has no component 'nic2'; its components are [nic0, nic1, faultQueue] (did you mean "
                        + "'nic0'?)");
        assertThat(names("silent-stream").problem("throughtput")).hasValueSatisfying(p -> assertThat(p)
                .startsWith("no figure 'throughtput'").endsWith("(did you mean 'throughput'?)"));
        assertThat(names("silent-stream").problem("node1.faultQueue.resolution.p99")).isEmpty();
        assertThat(names("silent-stream").problem("latency.p99")).isEmpty();
        assertThat(names("silent-stream").problem("cpu.node1.cpu.0")).isEmpty();
    }

    @Test
    void aWorkloadThatDeclaresIsCheckedWithTheStandardStatistics() {
        FigureNames names = names("declaring-stream");
        assertThat(names.problem("workload.bytes")).isEmpty();
        assertThat(names.problem("workload.latency.p50")).isEmpty();
        assertThat(names.problem("workload.node1.pcieBytes")).isEmpty();
        assertThat(names.problem("workload.node1.pcieByte")).contains(
                "workload declaring-stream records no statistic 'node1.pcieByte' (did you mean '{node}.pcieBytes'?)");
    }

    @Test
    void aPlaceholderStandsForExactlyOneSegment() {
        assertThat(FigureNames.matches("{node}.pcieBytes", "node1.pcieBytes")).isTrue();
        assertThat(FigureNames.matches("{node}.pcieBytes", "a.b.pcieBytes")).isFalse();
        assertThat(FigureNames.matches("{node}.pcieBytes", ".pcieBytes")).isFalse();
        assertThat(FigureNames.matches("a.b", "a.b")).isTrue();
    }

    /** A NIC type with the given declared statistics. */
    private record Declaring(String name, List<StatisticSpec> statistics) implements ComponentType {
        @Override
        public String description() {
            return "test NIC";
        }

        @Override
        public Set<Role> roles() {
            return Set.of(Role.NIC);
        }

        @Override
        public Module module(ComponentContext context) {
            throw new UnsupportedOperationException("never built");
        }
    }

    /** A workload type with the given declared statistics. */
    private record Stream(String name, List<StatisticSpec> statistics) implements WorkloadType {
        @Override
        public String description() {
            return "test workload";
        }

        @Override
        public Workload create(WorkloadContext context) {
            throw new UnsupportedOperationException("never run");
        }
    }
}
