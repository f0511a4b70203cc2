package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.sim.DataRate;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Comparison;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Well-formed platform files: units, defaults and expectations in base units. */
final class PlatformFileReaderTest {
    /** Two nodes named like the workload's default source and target, so that every default holds. */
    private static final String MINIMAL = """
            nodes:
              - name: node1
                nic0: {type: pinned-rc-nic}
              - name: node2
                nic0: {type: pinned-rc-nic}
            workload: {type: rdma-write-stream}
            """;

    private final PlatformFileReader reader = new PlatformFileReader(ReferenceRegistry.create());

    @Test
    void aMinimalFileTakesEveryDefault() {
        Scenario s = reader.read("dir/minimal.yaml", MINIMAL);
        assertThat(s.name()).isEqualTo("minimal");
        assertThat(s.description()).isEmpty();
        assertThat(s.source()).isEqualTo("dir/minimal.yaml");
        assertThat(s.platform().seed()).isEqualTo(1);
        assertThat(s.platform().defaultLink()).isEqualTo(LinkSpec.lossless(DataRate.gbps(100), 500));
        assertThat(s.platform().switchLatencyNanos()).isEqualTo(300);
        NodeSpec a = s.platform().nodes().get(0);
        assertThat(a.name()).isEqualTo("node1");
        assertThat(s.platform().nodes().get(1).components()).containsExactly(ComponentSpec.of("nic0",
                "pinned-rc-nic"));
        assertThat(a.cores()).containsExactly(new CoreGroup("cpu", 4));
        assertThat(a.memory().topology().nodeCount()).isEqualTo(1);
        assertThat(a.memory().topology().capacity(0)).isEqualTo(16L << 30);
        assertThat(a.memory().contentMode()).isEqualTo(ContentMode.BYTES);
        assertThat(a.memory().manager()).isEqualTo(MemoryManagerConfig.defaults());
        assertThat(a.components()).containsExactly(ComponentSpec.of("nic0", "pinned-rc-nic"));
        assertThat(s.workload().type()).isEqualTo("rdma-write-stream");
        assertThat(s.workload().parameters()).isEmpty();
        assertThat(s.expectations()).isEmpty();
    }

    @Test
    void valuesWithUnitsAreReadInBaseUnitsAndParametersKeptAsWritten() {
        Scenario s = reader.read("units.yaml", """
                name: units
                description: every unit
                seed: 42
                fabric:
                  link: {rate: 13284MB/s, latency: 2us, loss: 0.01}
                  switchLatency: 1.5us
                nodes:
                  - name: a
                    cores: [{cluster: a53, count: 4}, {cluster: r5, count: 2}]
                    memory:
                      numa: [1GiB, 512MiB, 2GiB]
                      content: fingerprint
                      manager: {minorFault: 2us, hugePageFault: 1ms, swapIn: 80us, lowWatermark: 64MiB,
                                highWatermark: 128MiB, pinnableLimit: 1GiB, swap: 0B, thp: false,
                                cowFault: 3us, hugeCowFault: 150us}
                    smmu: {type: premapped-iommu, params: {lookupLatency: 80ns}}
                    nic0: {type: pinned-rc-nic, params: {rate: 25Gbps, mtu: 1KiB}}
                workload:
                  type: rdma-write-stream
                  params: {source: a, target: a, messageSize: 4KiB, messages: 10, resident: 0.5}
                """);
        assertThat(s.name()).isEqualTo("units");
        assertThat(s.description()).isEqualTo("every unit");
        assertThat(s.platform().seed()).isEqualTo(42);
        assertThat(s.platform().defaultLink()).isEqualTo(new LinkSpec(new DataRate(13_284e6), 2_000, 0.01));
        assertThat(s.platform().switchLatencyNanos()).isEqualTo(1_500);
        NodeSpec a = s.platform().nodes().get(0);
        assertThat(a.cores()).containsExactly(new CoreGroup("a53", 4), new CoreGroup("r5", 2));
        assertThat(a.memory().topology().nodeCount()).isEqualTo(3);
        assertThat(a.memory().topology().capacity(1)).isEqualTo(512L << 20);
        assertThat(a.memory().topology().capacity(2)).isEqualTo(2L << 30);
        assertThat(a.memory().topology().distance(0, 2)).isEqualTo(20);
        assertThat(a.memory().topology().distance(1, 1)).isEqualTo(10);
        assertThat(a.memory().contentMode()).isEqualTo(ContentMode.FINGERPRINT);
        assertThat(a.memory().manager()).isEqualTo(new MemoryManagerConfig(2_000, 1_000_000, 80_000, 64L << 20,
                128L << 20, 1L << 30, 0, false, 3_000, 150_000));
        assertThat(a.components()).containsExactly(
                new ComponentSpec("smmu", "premapped-iommu", Map.of("lookupLatency", "80ns")),
                new ComponentSpec("nic0", "pinned-rc-nic", Map.of("rate", "25Gbps", "mtu", "1KiB")));
        assertThat(s.workload().parameters()).containsExactlyInAnyOrderEntriesOf(Map.of("source", "a", "target", "a",
                "messageSize", "4KiB", "messages", "10", "resident", "0.5"));
    }

    @Test
    void expectationsAreReadInBaseUnitsWithWhatWasWrittenAndWhere() {
        Scenario s = reader.read("expect.yaml", MINIMAL + """
                expect:
                  - {metric: throughput, value: 96Gbps, tolerance: 2%}
                  - {metric: latency.p99, max: 50us}
                  - {metric: faults.translation, min: 1}
                  - {metric: node1.nic0.tx.bytes, value: 4KiB, tolerance: 512B}
                  - {metric: workload.cache.hitRate, min: 12%}
                  - metric: workload.dma.rate
                    value: 13284MB/s
                  - {metric: workload.x, value: -2.5, tolerance: 0.5}
                """);
        List<Expectation> e = s.expectations();
        assertThat(e).hasSize(7);
        assertThat(e.get(0)).isEqualTo(new Expectation("throughput", Comparison.WITHIN, 96e9, 0.02, true,
                Quantity.RATE, "96Gbps ± 2%", "expect.yaml:8:5"));
        assertThat(e.get(1)).isEqualTo(new Expectation("latency.p99", Comparison.AT_MOST, 50_000, 0, false,
                Quantity.DURATION, "<= 50us", "expect.yaml:9:5"));
        assertThat(e.get(2)).isEqualTo(new Expectation("faults.translation", Comparison.AT_LEAST, 1, 0, false,
                Quantity.NUMBER, ">= 1", "expect.yaml:10:5"));
        assertThat(e.get(3)).isEqualTo(new Expectation("node1.nic0.tx.bytes", Comparison.WITHIN, 4096, 512, false,
                Quantity.BYTES, "4KiB ± 512B", "expect.yaml:11:5"));
        assertThat(e.get(4).comparison()).isEqualTo(Comparison.AT_LEAST);
        assertThat(e.get(4).quantity()).isEqualTo(Quantity.RATIO);
        assertThat(e.get(4).value()).isCloseTo(0.12, within(1e-12));
        assertThat(e.get(5)).isEqualTo(new Expectation("workload.dma.rate", Comparison.WITHIN, 13_284e6 * 8, 0, false,
                Quantity.RATE, "13284MB/s", "expect.yaml:13:5"));
        assertThat(e.get(6).value()).isEqualTo(-2.5);
        assertThat(e.get(6).tolerance()).isEqualTo(0.5);
        assertThat(e.get(0).isMetBy(95e9)).isTrue();
        assertThat(e.get(0).isMetBy(94e9)).isFalse();
    }

    @Test
    void aNamedFileIsReadFromDiskAndNamedAsGivenInErrors(@TempDir Path dir) throws IOException {
        Path good = Files.writeString(dir.resolve("good.yml"), MINIMAL);
        assertThat(reader.read(good).name()).isEqualTo("good");
        assertThat(reader.read(good).source()).isEqualTo(good.toString());
        Path bad = Files.writeString(dir.resolve("bad.yaml"), MINIMAL.replace("pinned-rc-nic", "pinned-rc-nci"));
        assertThatThrownBy(() -> reader.read(bad))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith(bad + ":3:18: nodes[0].nic0.type: unknown component type 'pinned-rc-nci'");
    }

    @Test
    void aMissingFileIsAnIoErrorNotAPlatformError(@TempDir Path dir) {
        assertThatThrownBy(() -> reader.read(dir.resolve("none.yaml")))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining("none.yaml");
    }

    @Test
    void aComponentTypeFromTheRegistryIsTheOnlyOneAccepted() {
        var empty = new PlatformFileReader(new org.iopf.core.platform.ExtensionRegistry());
        assertThatThrownBy(() -> empty.read("x.yaml", MINIMAL))
                .hasMessage("x.yaml:3:18: nodes[0].nic0.type: unknown component type 'pinned-rc-nic'; "
                        + "expected a registered component type, but none is registered");
    }

    @Test
    void aTypeMayBeNamedWithItsLibraryAndAWrongLibraryIsLocatedWithTheNearestName() {
        Scenario s = reader.read("q.yaml", MINIMAL.replaceFirst("type: pinned-rc-nic", "type: core:pinned-rc-nic")
                .replace("type: rdma-write-stream", "type: core:rdma-write-stream"));
        assertThat(s.platform().nodes().get(0).components().get(0).type()).isEqualTo("core:pinned-rc-nic");
        assertThat(s.workload().type()).isEqualTo("core:rdma-write-stream");

        assertThatThrownBy(() -> reader.read("w.yaml", MINIMAL.replace("type: pinned-rc-nic", "type: cor:pinned-rc-nic")))
                .hasMessageStartingWith("w.yaml:3:18: nodes[0].nic0.type: unknown component type 'cor:pinned-rc-nic'")
                .hasMessageEndingWith("did you mean 'core:pinned-rc-nic'?");
    }

    @Test
    void aNameTwoLibrariesHaveIsAnErrorAtTheValueListingBoth() {
        var registry = ReferenceRegistry.create();
        registry.register(new org.iopf.reference.rc.PinnedRcNicType(), "plugin other 2.0", java.util.Optional.of("other"),
                new org.iopf.core.platform.Library("other", "2.0"));
        var twice = new PlatformFileReader(registry);
        assertThatThrownBy(() -> twice.read("a.yaml", MINIMAL))
                .hasMessage("a.yaml:3:18: nodes[0].nic0.type: component type 'pinned-rc-nic' is in 2 libraries; "
                        + "write one of [core:pinned-rc-nic, other:pinned-rc-nic]");
        assertThat(twice.read("b.yaml", MINIMAL.replace("type: pinned-rc-nic", "type: other:pinned-rc-nic"))
                .platform().nodes()).hasSize(2);
    }

    @Test
    void theDefaultNameIsTheFileNameWithoutItsExtension() {
        assertThat(PlatformFileReader.baseName("a/b/c.yaml")).isEqualTo("c");
        assertThat(PlatformFileReader.baseName("c:\\d\\e.yml")).isEqualTo("e");
        assertThat(PlatformFileReader.baseName("plain")).isEqualTo("plain");
    }

    @Test
    void aPlatformOfMoreNodesThanItsBoundIsRefusedBeforeAnyNodeIsRead() {
        StringBuilder text = new StringBuilder("nodes:\n");
        for (int i = 0; i < 257; i++) {
            text.append("  - name: n").append(i).append('\n');
        }
        text.append("workload: {type: rdma-write-stream}\n");
        assertThatThrownBy(() -> reader.read("many.yaml", text.toString()))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage("many.yaml:2:3: nodes: 257 nodes; expected at most 256");
    }
}
