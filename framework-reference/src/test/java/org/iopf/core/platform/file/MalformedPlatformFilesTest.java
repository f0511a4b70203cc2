package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed file under {@code platforms/bad/} fails with exactly the message listed here. */
final class MalformedPlatformFilesTest {
    private final PlatformFileReader reader = new PlatformFileReader(ReferenceRegistry.create());

    static Stream<Arguments> malformedFiles() {
        return Stream.of(
                arguments("buffers-beyond-memory.yaml",
                        "buffers-beyond-memory.yaml:10:11: workload.params.source: node 'node1' cannot pin the 4 MiB that rdma-write-stream (source) pins there: it has 2 MiB of memory, pinnable limit unlimited"),
                arguments("buffers-beyond-pinnable-limit.yaml",
                        "buffers-beyond-pinnable-limit.yaml:9:11: workload.params.target: node 'node2' cannot pin the 8 MiB that rdma-write-stream (target) pins there: it has 16 GiB of memory, pinnable limit 4 MiB"),
                arguments("link-latency-out-of-range.yaml",
                        "link-latency-out-of-range.yaml:2:19: fabric.link.latency: '9223372036s' is out of range; expected a duration in 0ns..1s"),
                arguments("numa-node-not-whole-blocks.yaml",
                        "numa-node-not-whole-blocks.yaml:3:21: nodes[0].memory.numa[0]: '2GB' is not a whole number of 2 MiB blocks; expected a multiple of 2MiB such as 512MiB or 16GiB"),
                arguments("numa-node-too-large.yaml",
                        "numa-node-too-large.yaml:3:21: nodes[0].memory.numa[0]: '1048576TiB' is out of range; expected a size in 0B..64TiB"),
                arguments("on-demand-on-pinned-nic.yaml",
                        "on-demand-on-pinned-nic.yaml:8:11: workload.params.source: node 'node1' has NIC 'nic0' (pinned-rc-nic) without on-demand registration (rdma-write-stream registers its buffers there without pinning, as onDemand is true); nodes whose NIC has on-demand registration: none"),
                arguments("parameter-out-of-range.yaml",
                        "parameter-out-of-range.yaml:3:59: nodes[0].nic0.params.localAckTimeout: '64' is out of range; expected a whole number in 0..31"),
                arguments("parameter-overflows.yaml",
                        "parameter-overflows.yaml:8:22: workload.params.messages: '99999999999999999999' is too large for a whole number; expected a whole number in 1..1000000000"),
                arguments("source-without-nic.yaml",
                        "source-without-nic.yaml:9:20: workload.params.source: node 'zynq' has no NIC (rdma-write-stream writes from it); nodes with a NIC: [host]"),
                arguments("too-many-cores.yaml",
                        "too-many-cores.yaml:3:35: nodes[0].cores[0].count: 1000000000 is out of range; expected a whole number of cores in 1..1024"),
                arguments("too-many-numa-nodes.yaml",
                        "too-many-numa-nodes.yaml:3:20: nodes[0].memory.numa: 65 NUMA nodes; expected at most 64"),
                arguments("alias.yaml",
                        "alias.yaml:5:11: nodes[1].nic0: alias '*nic' is not supported; expected the value written out"),
                arguments("bad-content-mode.yaml",
                        "bad-content-mode.yaml:10:23: nodes[1].memory.content: unknown content mode 'fingerprints'; expected one of [bytes, fingerprint]; did you mean 'fingerprint'?"),
                arguments("bad-parameter-value.yaml",
                        "bad-parameter-value.yaml:6:47: nodes[0].nic0.params.mtu: unknown unit 'KB/s' in '4KB/s'; expected B, KiB, MiB, GiB, TiB, KB, MB, GB or TB; did you mean 'KB'?"),
                arguments("bad-unit.yaml",
                        "bad-unit.yaml:2:16: fabric.link.rate: unknown unit 'Gbsp' in '10Gbsp'; expected bps, Kbps, Mbps, Gbps, Tbps, B/s, KB/s, MB/s, GB/s or TB/s; did you mean 'Gbps'?"),
                arguments("bad-workload-parameter-unit.yaml",
                        "bad-workload-parameter-unit.yaml:13:25: workload.params.messageSize: unknown unit 'MB/s' in '1MB/s'; expected B, KiB, MiB, GiB, TiB, KB, MB, GB or TB; did you mean 'MB'?"),
                arguments("bad-workload-parameter.yaml",
                        "bad-workload-parameter.yaml:13:41: workload.params.messages: 'many' is not a whole number; expected a whole number in 1..1000000000"),
                arguments("component-type-missing.yaml",
                        "component-type-missing.yaml:11:7: nodes[1].nic0.type: missing; expected the component's type, one of [pinned-buffers, pinned-rc-nic, plain-dma, premapped-iommu, terminate]"),
                arguments("duplicate-key.yaml",
                        "duplicate-key.yaml:11:5: nodes[1].nic0: key given twice (first at line 10); expected each key once"),
                arguments("duplicate-node-name.yaml",
                        "duplicate-node-name.yaml:9:11: nodes[1].name: 'node1' is already the name of nodes[0]; expected a unique node name"),
                arguments("empty.yaml",
                        "empty.yaml:1:1: (top level): the file holds no YAML document; expected a mapping with 'nodes' and 'workload'"),
                arguments("expectation-min-and-max.yaml",
                        "expectation-min-and-max.yaml:15:37: expect[0].max: 'min' and 'max' given together; expected exactly one of [value, min, max] (write two entries for a range)"),
                arguments("expectation-tolerance-mismatch.yaml",
                        "expectation-tolerance-mismatch.yaml:15:51: expect[0].tolerance: a tolerance of a size for a value of a duration; expected a percentage such as 2% or an amount of a duration"),
                arguments("expectation-tolerance-with-max.yaml",
                        "expectation-tolerance-with-max.yaml:17:5: expect[0].tolerance: a tolerance with 'max'; expected a tolerance only with 'value'"),
                arguments("expectation-unknown-unit.yaml",
                        "expectation-unknown-unit.yaml:16:10: expect[0].min: unknown unit 'Gbsp' in '90Gbsp'; expected one of [%, bps, Kbps, Mbps, Gbps, Tbps, B/s, KB/s, MB/s, GB/s, TB/s, ns, us, µs, ms, s, B, KiB, MiB, GiB, TiB, KB, MB, GB, TB]; did you mean 'Gbps'?"),
                arguments("expectation-without-bound.yaml",
                        "expectation-without-bound.yaml:16:5: expect[1]: no value, min or max; expected {value: x, tolerance: y}, {min: x} or {max: x}"),
                arguments("memory-typo.yaml",
                        "memory-typo.yaml:10:5: nodes[1].memroy: unknown key of a node; expected one of [name, cores, memory] or a component {type: ..., params: {...}}; did you mean 'memory'?"),
                arguments("missing-nodes.yaml",
                        "missing-nodes.yaml:1:1: nodes: missing; expected a list of at least one node: [{name: node1, ...}]"),
                arguments("missing-workload.yaml",
                        "missing-workload.yaml:1:1: workload: missing; expected the workload: {type: ..., params: {...}}"),
                arguments("negative-core-count.yaml",
                        "negative-core-count.yaml:11:31: nodes[1].cores[0].count: -2 is out of range; expected a whole number of cores in 1..1024"),
                arguments("nodes-empty.yaml",
                        "nodes-empty.yaml:1:8: nodes: found an empty list; expected a list of at least one node: [{name: node1, ...}]"),
                arguments("numa-distances-asymmetric.yaml",
                        "numa-distances-asymmetric.yaml:14:12: nodes[1].memory.distances[1][0]: distance 21 differs from distances[0][1] = 20; expected a symmetric matrix"),
                arguments("numa-distances-wrong-size.yaml",
                        "numa-distances-wrong-size.yaml:12:19: nodes[1].memory.distances[0]: 3 distances in a row for 2 NUMA nodes; expected a 2 x 2 matrix, one row per NUMA node"),
                arguments("role-filled-twice.yaml",
                        "role-filled-twice.yaml:6:5: nodes[0].faults2: role faultHandler is already filled by 'faults' (terminate); expected one fault handler per node (the node's fault sink hands every fault to one)"),
                arguments("string-instead-of-list.yaml",
                        "string-instead-of-list.yaml:11:13: nodes[1].memory.numa: found '16GiB'; expected a list of NUMA node sizes such as [16GiB] or [8GiB, 8GiB]"),
                arguments("syntax-error.yaml",
                        "syntax-error.yaml:4:9: (top level): YAML syntax error: expected ',' or '}', but got : (while parsing a flow mapping from line 3, column 11); expected valid YAML"),
                arguments("top-level-list.yaml",
                        "top-level-list.yaml:1:1: (top level): found a list; expected a mapping with 'nodes' and 'workload'"),
                arguments("unknown-component-type.yaml",
                        "unknown-component-type.yaml:4:19: nodes[0].iommu.type: unknown component type 'premaped-iommu'; expected one of [pinned-buffers, pinned-rc-nic, plain-dma, premapped-iommu, terminate]; did you mean 'premapped-iommu'?"),
                arguments("unknown-parameter.yaml",
                        "unknown-parameter.yaml:4:45: nodes[0].iommu.params.lookupLatncy: unknown parameter of premapped-iommu; expected one of [lookupLatency]; did you mean 'lookupLatency'?"),
                arguments("unknown-top-level-key.yaml",
                        "unknown-top-level-key.yaml:11:1: worklaod: unknown top-level key; expected one of [name, description, seed, fabric, nodes, workload, expect]; did you mean 'workload'?"),
                arguments("unknown-workload-type.yaml",
                        "unknown-workload-type.yaml:12:9: workload.type: unknown workload type 'rdma-write-strem'; expected one of [rdma-write-stream]; did you mean 'rdma-write-stream'?"),
                arguments("workload-default-node-missing.yaml",
                        "workload-default-node-missing.yaml:8:3: workload: parameter 'target' defaults to 'node2', which is no node; expected one of the platform's nodes [host, device]"),
                arguments("workload-unknown-component.yaml",
                        "workload-unknown-component.yaml:10:20: workload.params.source: node 'node1' has no component 'nic2'; expected one of its components [nic0, nic1]; did you mean 'nic0'?"),
                arguments("workload-component-of-another-role.yaml",
                        "workload-component-of-another-role.yaml:10:20: workload.params.source: component 'iommu' (premapped-iommu) of node 'node1' is no NIC (rdma-write-stream writes from it); NICs of node 'node1': [nic0]"),
                arguments("workload-unknown-node.yaml",
                        "workload-unknown-node.yaml:9:35: workload.params.target: no node 'node3'; expected one of the platform's nodes [node1, node2]; did you mean 'node1'?"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedFiles")
    void failsWithOneLineThatNamesFileLineColumnAndPath(String file, String message) throws IOException {
        String text = resource("platforms/bad/" + file);
        assertThatThrownBy(() -> reader.read(file, text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessage(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void theExceptionExposesWhereAndWhat() throws IOException {
        String text = resource("platforms/bad/unknown-parameter.yaml");
        assertThatThrownBy(() -> reader.read("unknown-parameter.yaml", text))
                .isInstanceOfSatisfying(PlatformFileException.class, e -> {
                    assertThat(e.file()).isEqualTo("unknown-parameter.yaml");
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.column()).isEqualTo(45);
                    assertThat(e.path()).isEqualTo("nodes[0].iommu.params.lookupLatncy");
                    assertThat(e.problem()).startsWith("unknown parameter of premapped-iommu; expected one of");
                });
    }

    @Test
    void everyFileInTheDirectoryIsListed() throws IOException, URISyntaxException {
        Path dir = Path.of(MalformedPlatformFilesTest.class.getClassLoader().getResource("platforms/bad").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(malformedFiles().map(a -> (String) a.get()[0]).toList());
        }
    }

    static String resource(String name) throws IOException {
        try (InputStream in = MalformedPlatformFilesTest.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
