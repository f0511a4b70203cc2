package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --set} at any path of a platform file, checked by the platform file's reader. */
final class PlatformSettingsTest {
    @TempDir
    Path dir;

    private Path file() throws IOException {
        return Files.writeString(dir.resolve("p.yaml"), """
                nodes:
                  - name: node1
                    nic0: {type: pinned-rc-nic}
                  - name: node2
                    nic0: {type: pinned-rc-nic}
                workload: {type: rdma-write-stream}
                """);
    }

    private Scenario read(String... settings) throws IOException {
        return new PlatformSettings(ReferenceRegistry.create()).read(file(), List.of(settings));
    }

    @Test
    void settingsReachTheFabricMemoryCoresTypesAndTheSeed() throws IOException {
        Scenario s = read("fabric.link.latency=2us", "node2.memory.numa=[4GiB, 4GiB]",
                "nodes[0].cores=[{cluster: a53, count: 2}]", "node2.faults.type=terminate", "seed=9",
                "workload.type=rdma-write-stream", "workload.messages=3");
        assertThat(s.platform().defaultLink().latencyNanos()).isEqualTo(2000);
        assertThat(s.platform().nodes().get(1).memory().topology().nodeCount()).isEqualTo(2);
        assertThat(s.platform().nodes().get(0).cores().get(0).cluster()).isEqualTo("a53");
        assertThat(s.platform().nodes().get(1).components()).extracting(c -> c.type())
                .containsExactly("pinned-rc-nic", "terminate");
        assertThat(s.platform().seed()).isEqualTo(9);
        assertThat(s.workload().type()).isEqualTo("rdma-write-stream");
        assertThat(s.workload().parameters()).containsEntry("messages", "3");
    }

    @Test
    void aBadSettingIsOneLineNamingIt() {
        assertThatThrownBy(() -> read("fabric.link.rate=25Gbsp")).isInstanceOf(PlatformSettingException.class)
                .hasMessage("--set fabric.link.rate=25Gbsp: fabric.link.rate: unknown unit 'Gbsp' in '25Gbsp'; "
                        + "expected bps, Kbps, Mbps, Gbps, Tbps, B/s, KB/s, MB/s, GB/s or TB/s; did you mean 'Gbps'?");
        assertThatThrownBy(() -> read("node2.memory.numa=[4GiB, 4GiB", "x")).isInstanceOf(PlatformSettingException.class)
                .hasMessageStartingWith("--set node2.memory.numa=[4GiB, 4GiB: nodes[1].memory.numa: the value is not YAML");
        assertThatThrownBy(() -> read("nodes[2].cores=[]")).hasMessage("--set nodes[2].cores=[]: nodes[2] is past the "
                + "last node; expected an index from 0 to 1 (the nodes are [node1, node2])");
        assertThatThrownBy(() -> read("workload.type=rdma-write-strem")).hasMessage("--set "
                + "workload.type=rdma-write-strem: workload.type: unknown workload type 'rdma-write-strem'; expected "
                + "one of [rdma-write-stream]; did you mean "
                + "'rdma-write-stream'?");
    }
}
