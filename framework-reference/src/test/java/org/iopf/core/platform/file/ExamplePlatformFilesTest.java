package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.iopf.api.mem.NumaTopology;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.sim.CoreGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The platform files shipped in {@code examples/} at the repository's root that use only core's
 * types read without error; an example that names a plugin's type is tested by that plugin.
 */
final class ExamplePlatformFilesTest {
    private static final ExtensionRegistry CORE_TYPES =
            ExtensionRegistry.fromClassPath(ExamplePlatformFilesTest.class.getClassLoader());
    private static final Pattern TYPE = Pattern.compile("\\btype:\\s*([A-Za-z0-9_-]+)");

    private final PlatformFileReader reader = new PlatformFileReader(CORE_TYPES);

    static Stream<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(examplesDirectory())) {
            List<Path> yaml = files.filter(f -> f.toString().endsWith(".yaml"))
                    .filter(ExamplePlatformFilesTest::usesOnlyCoreTypes).sorted().toList();
            assertThat(yaml).isNotEmpty();
            return yaml.stream();
        }
    }

    private static boolean usesOnlyCoreTypes(Path file) {
        try {
            Matcher types = TYPE.matcher(Files.readString(file));
            while (types.find()) {
                String type = types.group(1);
                if (CORE_TYPES.find(type).isEmpty() && CORE_TYPES.findWorkload(type).isEmpty()) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleIsValid(Path file) {
        Scenario s = reader.read(file);
        assertThat(s.name()).isEqualTo(PlatformFileReader.baseName(file.toString()));
        assertThat(s.description()).isNotBlank();
    }

    @Test
    void thePinnedBaselineIsTheDefaultPlatform() {
        Scenario s = reader.read(examplesDirectory().resolve("pinned-baseline.yaml"));
        assertSamePlatform(s.platform(), DefaultPlatforms.pinnedBaseline(1));
        assertThat(s.workload().type()).isEqualTo("rdma-write-stream");
        assertThat(s.workload().parameters()).containsEntry("messageSize", "1MiB").containsEntry("messages", "64");
    }

    @Test
    void theTwoSocketExampleHasTwoNumaNodesAndTheirDistances() {
        Scenario s = reader.read(examplesDirectory().resolve("numa-two-sockets.yaml"));
        NodeSpec node1 = s.platform().nodes().get(0);
        NumaTopology numa = node1.memory().topology();
        assertThat(numa.nodeCount()).isEqualTo(2);
        assertThat(numa.capacity(0)).isEqualTo(32L << 30);
        assertThat(numa.capacity(1)).isEqualTo(32L << 30);
        assertThat(numa.distance(0, 1)).isEqualTo(21);
        assertThat(numa.distance(1, 0)).isEqualTo(21);
        assertThat(numa.distance(1, 1)).isEqualTo(10);
        assertThat(node1.cores()).containsExactly(new CoreGroup("socket0", 16), new CoreGroup("socket1", 16));
        assertThat(node1.memory().manager()).isEqualTo(MemoryManagerConfig.defaults().withWatermarks(1L << 30, 2L << 30));
        assertThat(s.platform().seed()).isEqualTo(7);
    }

    /**
     * Compares two platforms part by part: {@link org.iopf.core.mem.SlitNumaTopology} has no
     * value equality, so topologies are compared by capacities and distances.
     */
    static void assertSamePlatform(PlatformSpec actual, PlatformSpec expected) {
        assertThat(actual.seed()).isEqualTo(expected.seed());
        assertThat(actual.defaultLink()).isEqualTo(expected.defaultLink());
        assertThat(actual.switchLatencyNanos()).isEqualTo(expected.switchLatencyNanos());
        assertThat(actual.nodes()).hasSameSizeAs(expected.nodes());
        for (int i = 0; i < expected.nodes().size(); i++) {
            NodeSpec a = actual.nodes().get(i);
            NodeSpec e = expected.nodes().get(i);
            assertThat(a.name()).isEqualTo(e.name());
            assertThat(a.cores()).isEqualTo(e.cores());
            assertThat(a.components()).isEqualTo(e.components());
            assertSameMemory(a.memory(), e.memory());
        }
    }

    private static void assertSameMemory(MemorySpec actual, MemorySpec expected) {
        assertThat(actual.contentMode()).isEqualTo(expected.contentMode());
        assertThat(actual.manager()).isEqualTo(expected.manager());
        NumaTopology a = actual.topology();
        NumaTopology e = expected.topology();
        assertThat(a.nodeCount()).isEqualTo(e.nodeCount());
        for (int i = 0; i < e.nodeCount(); i++) {
            assertThat(a.capacity(i)).isEqualTo(e.capacity(i));
            for (int j = 0; j < e.nodeCount(); j++) {
                assertThat(a.distance(i, j)).as("distance %d -> %d", i, j).isEqualTo(e.distance(i, j));
            }
        }
    }

    /**
     * The repository's {@code examples/} folder: from {@code maven.multiModuleProjectDirectory}
     * when Maven sets it, else found by walking up from the working directory.
     */
    static Path examplesDirectory() {
        String root = System.getProperty("maven.multiModuleProjectDirectory");
        if (root != null && Files.isDirectory(Path.of(root, "examples"))) {
            return Path.of(root, "examples");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("examples")) && Files.exists(dir.resolve("pom.xml"))) {
                return dir.resolve("examples");
            }
        }
        throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
    }

}
