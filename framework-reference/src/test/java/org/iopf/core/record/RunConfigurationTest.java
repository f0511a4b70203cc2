package org.iopf.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.WorkloadSpec;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/** The record of what produced a run: every parameter with its value and origin, and the provenance. */
final class RunConfigurationTest {
    private static final String PLATFORM = """
            name: recorded
            seed: 7
            fabric:
              link: {rate: 25Gbps, latency: 1us}
            nodes:
              - name: host
                cores: [{cluster: cpu, count: 2}]
                memory: {numa: [1GiB, 1GiB], manager: {swap: 2GiB}}
                iommu: {type: premapped-iommu}
                dma: {type: plain-dma, params: {bandwidth: 8GB/s}}
            workload:
              type: dma-copy-stream
              params: {node: host, blockSize: 64KiB, messages: 8}
            """;
    private static final Provenance PROVENANCE = new Provenance("9.9.9", "0.1.0", List.of("run", "recorded.yaml"),
            List.of(new PluginRecord("pldma", "0.1.0", Optional.of("ab".repeat(32)), "/p/pldma.zip")),
            Instant.parse("2026-12-01T10:15:30.123Z"));

    private final ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
    private final Scenario written = new PlatformFileReader(registry).read("recorded.yaml", PLATFORM);

    private JsonNode record(Scenario run) {
        ObjectNode tree = RunConfiguration.tree(run, written, registry, PROVENANCE);
        return tree;
    }

    private static JsonNode component(JsonNode record, String name) {
        for (JsonNode c : record.get("nodes").get(0).get("components")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no component " + name + " in " + record);
    }

    @Test
    void everyParameterIsThereWithItsValueInBaseUnitsAndWhetherTheFileWroteIt() {
        JsonNode dma = component(record(written), "dma");
        assertThat(dma.get("type").asText()).isEqualTo("plain-dma");
        assertThat(dma.get("plugin").asText()).isEqualTo("iopf");
        JsonNode bandwidth = dma.get("parameters").get("bandwidth");
        assertThat(bandwidth.get("value").asText()).isEqualTo("8GB/s");
        assertThat(bandwidth.get("base").asDouble()).isEqualTo(8e9);
        assertThat(bandwidth.get("origin").asText()).isEqualTo("file");
        int declared = registry.require("plain-dma").parameters().size();
        assertThat(dma.get("parameters").size()).isEqualTo(declared).isGreaterThan(1);
        dma.get("parameters").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("bandwidth")) {
                assertThat(e.getValue().get("origin").asText()).as(e.getKey()).isEqualTo("default");
            }
        });
        JsonNode workload = record(written).get("workload");
        assertThat(workload.get("parameters").get("blockSize").get("base").asLong()).isEqualTo(65536);
        assertThat(workload.get("parameters").get("blockSize").get("origin").asText()).isEqualTo("file");
        assertThat(workload.get("parameters").get("concurrency").get("origin").asText()).isEqualTo("default");
    }

    @Test
    void aValueSetInPlaceOfTheFilesIsAnOverrideAndSoIsAnotherSeed() {
        Map<String, String> params = new java.util.HashMap<>(written.workload().parameters());
        params.put("blockSize", "128KiB");
        params.put("concurrency", "2");
        Scenario run = new Scenario(written.name(), written.description(), written.source(),
                written.platform().withSeed(8), new WorkloadSpec("dma-copy-stream", params),
                written.expectations());

        JsonNode record = record(run);

        JsonNode workload = record.get("workload").get("parameters");
        assertThat(workload.get("blockSize").get("origin").asText()).isEqualTo("override");
        assertThat(workload.get("blockSize").get("base").asLong()).isEqualTo(131072);
        assertThat(workload.get("concurrency").get("origin").asText()).isEqualTo("override");
        assertThat(workload.get("messages").get("origin").asText()).isEqualTo("file");
        assertThat(record.get("scenario").get("seed").asLong()).isEqualTo(8);
        assertThat(record.get("scenario").get("seedOrigin").asText()).isEqualTo("override");
        assertThat(record(written).get("scenario").get("seedOrigin").asText()).isEqualTo("file");
    }

    @Test
    void thePlatformBeyondComponentsIsResolvedToo() {
        JsonNode record = record(written);
        assertThat(record.get("fabric").get("rateBitsPerSecond").asDouble()).isEqualTo(25e9);
        assertThat(record.get("fabric").get("latencyNanos").asLong()).isEqualTo(1000);
        JsonNode node = record.get("nodes").get(0);
        assertThat(node.get("cores").get(0).get("count").asInt()).isEqualTo(2);
        JsonNode memory = node.get("memory");
        assertThat(memory.get("numa")).hasSize(2);
        assertThat(memory.get("numa").get(1).asLong()).isEqualTo(1L << 30);
        assertThat(memory.get("distances").get(0)).hasSize(2);
        assertThat(memory.get("manager").get("swapBytes").asLong()).isEqualTo(2L << 30);
        assertThat(memory.get("manager").get("thpEnabled").isBoolean()).isTrue();
        assertThat(memory.get("manager").size()).isEqualTo(
                org.iopf.core.mem.MemoryManagerConfig.class.getRecordComponents().length);
    }

    @Test
    void theProvenanceNamesTheVersionsTheCommandAndThePluginsByHashInUtc() {
        JsonNode record = record(written);
        assertThat(record.get("recordedAt").asText()).isEqualTo("2026-12-01T10:15:30Z");
        assertThat(record.get("iopf").get("version").asText()).isEqualTo("9.9.9");
        assertThat(record.get("commandLine").get(1).asText()).isEqualTo("recorded.yaml");
        JsonNode plugin = record.get("plugins").get(0);
        assertThat(plugin.get("id").asText()).isEqualTo("pldma");
        assertThat(plugin.get("sha256").asText()).hasSize(64);
        Provenance withoutHash = new Provenance("9.9.9", "0.1.0", List.of(), List.of(new PluginRecord("dev", "1",
                Optional.empty(), "/p/dev")), Instant.EPOCH);
        assertThat(RunConfiguration.tree(written, written, registry, withoutHash).get("plugins").get(0)
                .get("sha256").isNull()).isTrue();
    }
}
