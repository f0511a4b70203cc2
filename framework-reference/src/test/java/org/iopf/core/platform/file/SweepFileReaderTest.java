package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.sweep.AxisValue;
import org.iopf.core.sweep.PlatformLocator;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sweep files: expansion into points, values put into the base file, ids, and located errors. */
final class SweepFileReaderTest {
    private static final String BASE = """
            seed: 5
            nodes:
              - name: node1
                nic0: {type: pinned-rc-nic}
                faults: {type: terminate, params: {reportLatency: 20us}}
              - name: node2
                nic0: {type: pinned-rc-nic}
            workload: {type: rdma-write-stream, params: {messages: 4}}
            """;

    @TempDir
    Path dir;

    private final SweepFileReader reader = new SweepFileReader(ReferenceRegistry.create());

    private Sweep read(String sweep) throws IOException {
        Files.writeString(dir.resolve("base.yaml"), BASE);
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, sweep);
        return reader.read(file, new PlatformLocator() {
            @Override
            public Optional<Path> find(String name, Path folder) {
                Path p = folder.resolve(name);
                return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
            }

            @Override
            public List<String> bundledNames() {
                return List.of("pinned-baseline");
            }
        });
    }

    @Test
    void aPointsPlatformTextReadsBackToItsPlatformAndWorkload() throws IOException {
        Sweep sweep = read("""
                base: base.yaml
                axes:
                  - path: workload.messageSize
                    values: [4KiB, 1MiB]
                  - path: node1.memory.numa
                    values: [[8GiB, 8GiB], [16GiB]]
                expect:
                  - {metric: errors, max: 0}
                """);
        PlatformFileReader platforms = new PlatformFileReader(ReferenceRegistry.create());
        for (SweepPoint point : sweep.points()) {
            assertThat(point.platformText()).doesNotContain("expect");
            org.iopf.core.platform.Scenario read = platforms.read(point.scenario().source(), point.platformText());
            assertThat(read.platform()).usingRecursiveComparison().isEqualTo(point.scenario().platform());
            assertThat(read.workload()).isEqualTo(point.scenario().workload());
            assertThat(read.name()).isEqualTo(point.scenario().name());
        }
    }

    @Test
    void theGridOfAnAxisAndAZipHasTheLastAxisVaryingFastest() throws IOException {
        Sweep sweep = read("""
                base: base.yaml
                axes:
                  - path: workload.messageSize
                    range: {from: 4KiB, to: 4MiB, steps: 3, scale: log}
                  - zip:
                      - path: node1.nic0.mtu
                        values: [1KiB, 4KiB]
                      - path: nodes[1].nic0.params.mtu
                        values: [1KiB, 4KiB]
                """);
        assertThat(sweep.points()).hasSize(6);
        assertThat(sweep.axes()).extracting(a -> a.path()).containsExactly("workload.params.messageSize",
                "nodes[0].nic0.params.mtu", "nodes[1].nic0.params.mtu");
        assertThat(sweep.axes().get(0).values()).extracting(AxisValue::text).containsExactly("4KiB", "128KiB", "4MiB");
        assertThat(sweep.axes().get(0).quantity()).contains(Quantity.BYTES);
        assertThat(sweep.axes()).as("a range with scale: log is a log axis; values are linear")
                .extracting(a -> a.logScale()).containsExactly(true, false, false);
        SweepPoint fourth = sweep.points().get(3);
        assertThat(fourth.label()).isEqualTo("workload.messageSize=128KiB, node1.nic0.mtu=4KiB, "
                + "nodes[1].nic0.params.mtu=4KiB");
        assertThat(fourth.scenario().workload().parameters()).containsEntry("messageSize", "128KiB")
                .containsEntry("messages", "4");
        assertThat(fourth.scenario().platform().nodes().get(1).components().get(0).parameters())
                .containsEntry("mtu", "4KiB");
        assertThat(fourth.scenario().platform().seed()).isEqualTo(5);
    }

    @Test
    void pointIdsDependOnTheResolvedInputsOnly() throws IOException {
        Sweep a = read("""
                base: base.yaml
                axes: [{path: workload.params.messageSize, values: [4KiB, 64KiB]}]
                """);
        Sweep renamed = read("""
                name: other
                description: the same points
                base: base.yaml
                axes: [{path: workload.messageSize, values: [4KiB, 64KiB, 1MiB]}]
                """);
        assertThat(a.points().get(0).id()).hasSize(16).isNotEqualTo(a.points().get(1).id());
        assertThat(renamed.points().subList(0, 2)).extracting(SweepPoint::id)
                .containsExactly(a.points().get(0).id(), a.points().get(1).id());
        assertThat(renamed.id()).isNotEqualTo(a.id());
        Sweep reseeded = read("""
                base: base.yaml
                seed: 6
                axes: [{path: workload.params.messageSize, values: [4KiB, 64KiB]}]
                """);
        assertThat(reseeded.points().get(0).id()).isNotEqualTo(a.points().get(0).id());
        assertThat(reseeded.points().get(0).scenario().platform().seed()).isEqualTo(6);
    }

    @Test
    void anyPathMayBeAnAxisAndANewTypeDropsTheOldTypesParameters() throws IOException {
        Sweep sweep = read("""
                base: base.yaml
                set:
                  fabric.link.latency: 2us
                axes:
                  - path: node1.faults.type
                    values: [terminate, pinned-buffers]
                  - path: node1.memory.numa
                    values: [[8GiB, 8GiB]]
                  - path: node2.cores
                    values: [[{cluster: a53, count: 2}]]
                """);
        SweepPoint terminate = sweep.points().get(0);
        SweepPoint demand = sweep.points().get(1);
        assertThat(terminate.scenario().platform().nodes().get(0).components().get(1).parameters())
                .containsEntry("reportLatency", "20us");
        assertThat(demand.scenario().platform().nodes().get(0).components().get(1).type()).isEqualTo("pinned-buffers");
        assertThat(demand.scenario().platform().nodes().get(0).components().get(1).parameters()).isEmpty();
        assertThat(demand.scenario().platform().nodes().get(0).memory().topology().nodeCount()).isEqualTo(2);
        assertThat(demand.scenario().platform().nodes().get(1).cores().get(0).count()).isEqualTo(2);
        assertThat(demand.scenario().platform().defaultLink().latencyNanos()).isEqualTo(2000);
        assertThat(sweep.axes().get(1).quantity()).isEmpty();
        assertThat(sweep.axes().get(1).values().get(0).text()).isEqualTo("[8GiB, 8GiB]");
    }

    @Test
    void aBadValueAtALatePointIsReportedAtItsLineBeforeAnythingRuns() {
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes:
                  - path: workload.params.concurrency
                    range: {from: 1, to: 6, steps: 6}
                  - path: node1.nic0.mtu
                    values: [1KiB, 2KiB, 4KiB, 512B, 2KiBB]
                """)).isInstanceOf(PlatformFileException.class)
                .hasMessage(dir.resolve("s.yaml") + ":6:38: nodes[0].nic0.params.mtu: at point 5 of 30 (workload.params.concurrency=1, "
                        + "node1.nic0.mtu=2KiBB): unknown unit 'KiBB' in '2KiBB'; expected B, KiB, MiB, GiB, TiB, KB, MB, "
                        + "GB or TB; did you mean 'KiB'?");
    }

    @Test
    void seedIsNoAxisSinceEveryRunAlreadyHasItsOwnSeedColumn() {
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes: [{path: seed, values: [1, 2]}]
                """)).isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith(dir.resolve("s.yaml") + ":2:15: axes[0].path: seed is set per run, not along an axis")
                .hasMessageContaining("expected replications: N");
    }

    @Test
    void pathsNameWhatTheyMiss() {
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes: [{path: node1.nic1.mtu, values: [1KiB]}]
                """)).hasMessage(dir.resolve("s.yaml") + ":2:15: axes[0].path: node 'node1' has no component 'nic1'; expected one of "
                        + "its components [nic0, faults] or [name, cores, memory]; did you mean 'nic0'?");
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes:
                  - path: fabric.link.rat
                    values: [10Gbps]
                """)).hasMessage(dir.resolve("s.yaml") + ":3:11: fabric.link.rat: at point 1 of 1 (fabric.link.rat=10Gbps): unknown key "
                        + "of a link; expected one of [rate, latency, loss]; did you mean 'rate'?");
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes:
                  - {path: workload.messageSize, values: [4KiB]}
                  - {path: workload.params.messageSize, values: [8KiB]}
                """)).hasMessageContaining(dir.resolve("s.yaml") + ":4:12: axes[1].path: workload.params.messageSize is already set by "
                        + "axes[0].path");
    }

    @Test
    void expectationsApplyToThePointsTheyNameAndAnUnknownValueIsAnError() throws IOException {
        Sweep sweep = read("""
                base: base.yaml
                axes: [{path: workload.params.messageSize, values: [4KiB, 64KiB]}]
                metrics: [throughput]
                expect:
                  - {at: {workload.messageSize: 65536}, metric: latency.p99, max: 1ms}
                  - {metric: errors, max: 0}
                """);
        assertThat(sweep.points().get(0).scenario().expectations()).extracting(e -> e.metric())
                .containsExactly("errors");
        assertThat(sweep.points().get(1).scenario().expectations()).extracting(e -> e.metric())
                .containsExactly("latency.p99", "errors");
        assertThat(sweep.metrics().patterns()).containsExactly("throughput", "latency.p99", "errors");
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes: [{path: workload.params.messageSize, values: [4KiB, 64KiB]}]
                expect:
                  - {at: {workload.params.messageSize: 6KiB}, metric: errors, max: 0}
                """)).hasMessage(dir.resolve("s.yaml") + ":4:40: expect[0].at.workload.params.messageSize: no point has "
                        + "workload.params.messageSize = 6KiB; expected one of the axis's values [4KiB, 64KiB]; did you "
                        + "mean '4KiB'?");
    }

    @Test
    void aZippedAxisMayRepeatAValueButNotACombinationAndAnAtOnItNamesEveryPointWithIt() throws IOException {
        Sweep sweep = read("""
                base: base.yaml
                axes:
                  - zip:
                      - {path: workload.params.messageSize, values: [4KiB, 64KiB, 1MiB]}
                      - {path: workload.params.messages, values: [8, 8, 2]}
                expect:
                  - {at: {workload.params.messages: 8}, metric: latency.p99, max: 1ms}
                """);
        assertThat(sweep.points()).extracting(p -> p.scenario().expectations().size()).containsExactly(1, 1, 0);
        assertThat(sweep.points().get(1).scenario().workload().parameters()).containsEntry("messages", "8");
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes:
                  - zip:
                      - {path: workload.params.messageSize, values: [4KiB, 64KiB, 4KiB]}
                      - {path: workload.params.messages, values: [8, 2, 8]}
                """)).hasMessage(dir.resolve("s.yaml") + ":4:67: axes[0].zip[0].values[2]: values 3 of the zipped "
                        + "axes are also values 1; expected each combination once");
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes: [{path: workload.params.messages, values: [8, 2, 8]}]
                """)).hasMessageContaining("value 8 is also value 1; expected each value once");
    }

    @Test
    void aMissingBaseSuggestsABundledName() {
        assertThatThrownBy(() -> read("base: pinned-baseln\naxes: [{path: seed, values: [1, 2]}]\n"))
                .hasMessage(dir.resolve("s.yaml") + ":1:7: base: no platform file 'pinned-baseln'; expected a path relative to the sweep "
                        + "file's folder or a bundled platform file; did you mean 'pinned-baseline'?");
    }

    @Test
    void aRangeThatRoundsTwoValuesToOneIsRefused() {
        assertThatThrownBy(() -> read("""
                base: base.yaml
                axes: [{path: workload.params.messages, range: {from: 1, to: 3, steps: 4}}]
                """)).hasMessageContaining("values 2 and 3 of the range are both 2 once rounded; expected fewer steps");
    }

    @Test
    void rangeValuesAreWrittenWithTheLargestExactUnit() {
        assertThat(AxisRange.format(262144, Quantity.BYTES, true)).isEqualTo("256KiB");
        assertThat(AxisRange.format(1500, Quantity.BYTES, true)).isEqualTo("1500B");
        assertThat(AxisRange.format(200_000, Quantity.DURATION, true)).isEqualTo("200us");
        assertThat(AxisRange.format(25e9, Quantity.RATE, true)).isEqualTo("25Gbps");
        assertThat(AxisRange.format(0.25, Quantity.NUMBER, false)).isEqualTo("0.25");
        assertThat(AxisRange.format(0.1 + 0.2, Quantity.NUMBER, false)).isEqualTo("0.3");
    }
}
