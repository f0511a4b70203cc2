package org.iopf.core.record;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import org.iopf.api.mem.NumaTopology;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.sim.CoreGroup;

/**
 * The record of what produced one run, written as {@code config.json} beside its results (and one
 * per run of a sweep): the fully resolved platform — the fabric, every node's cores and memory
 * with every memory-manager setting, every parameter of every component and of the workload with
 * its value and whether it was defaulted, written in the file or overridden
 * ({@link ParameterOrigin}) — with the run's seed, the command line, the iopf, API and plugin
 * versions (with the zips' SHA-256) and the time it was recorded, in UTC:
 * <pre>{@code
 * {"recordedAt": "2026-12-01T10:00:00Z", "iopf": {"version": "0.1.0", "api": "0.1.0"},
 *  "commandLine": ["run", "ib-npf-4k", "--set", "workload.messageSize=8KiB"],
 *  "plugins": [{"id": "infiniband-npf", "version": "0.1.0", "sha256": "…", "file": "…"}],
 *  "scenario": {"name": "ib-npf-4k", "source": "…/ib-npf-4k.yaml", "seed": 1, "seedOrigin": "file"},
 *  "fabric": {"rateBitsPerSecond": 1.0E11, "latencyNanos": 500, "loss": 0.0, "switchLatencyNanos": 300},
 *  "nodes": [{"name": "node1", "cores": [{"cluster": "cpu", "count": 4}],
 *             "memory": {"numa": [17179869184], "distances": [[10]], "content": "BYTES",
 *                        "manager": {"minorFaultNanos": 1000, …}},
 *             "components": [{"name": "nic0", "type": "ib-npf-hca", "plugin": "infiniband-npf",
 *                             "parameters": {"mtu": {"value": "4KiB", "base": 4096, "unit": "bytes",
 *                                                    "origin": "default"}, …}}]}],
 *  "workload": {"type": "fault-probe", "plugin": "infiniband-npf", "parameters": {…}}}
 * }</pre>
 * Types contributed by no plugin (built into iopf) name the plugin {@code iopf}.
 *
 * @since 0.1
 */
public final class RunConfiguration {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String BUILT_IN = "iopf";

    private RunConfiguration() {
    }

    /**
     * The record of a run of {@code run}.
     *
     * @param run the scenario as it ran (overrides in, its seed)
     * @param written the scenario as its platform file wrote it, to tell written values from
     *     overridden ones; {@code run} itself when nothing was overridden
     * @param registry the types the run used, for their parameters and plugins
     * @param provenance what else produced it
     */
    public static ObjectNode tree(Scenario run, Scenario written, ExtensionRegistry registry, Provenance provenance) {
        requireNonNull(run, "run is null");
        requireNonNull(written, "written is null");
        requireNonNull(registry, "registry is null");
        requireNonNull(provenance, "provenance is null");
        ObjectNode root = MAPPER.createObjectNode();
        root.put("recordedAt", provenance.recordedAt().truncatedTo(ChronoUnit.SECONDS).toString());
        ObjectNode iopf = root.putObject("iopf");
        iopf.put("version", provenance.iopfVersion());
        iopf.put("api", provenance.apiVersion());
        ArrayNode command = root.putArray("commandLine");
        provenance.commandLine().forEach(command::add);
        ArrayNode plugins = root.putArray("plugins");
        for (PluginRecord plugin : provenance.plugins()) {
            ObjectNode p = plugins.addObject();
            p.put("id", plugin.id());
            p.put("version", plugin.version());
            plugin.sha256().ifPresentOrElse(h -> p.put("sha256", h), () -> p.putNull("sha256"));
            p.put("file", plugin.file());
        }
        ObjectNode scenario = root.putObject("scenario");
        scenario.put("name", run.name());
        scenario.put("source", run.source());
        scenario.put("seed", run.platform().seed());
        scenario.put("seedOrigin", run.platform().seed() == written.platform().seed() ? "file" : "override");
        putFabric(root.putObject("fabric"), run.platform());
        ArrayNode nodes = root.putArray("nodes");
        for (NodeSpec node : run.platform().nodes()) {
            putNode(nodes.addObject(), node, writtenNode(written.platform(), node.name()), registry);
        }
        ObjectNode workload = root.putObject("workload");
        String type = run.workload().type();
        workload.put("type", type);
        Optional<ExtensionRegistry.RegisteredWorkload> workloadType = registry.workloadRegistration(type);
        workload.put("plugin", workloadType.flatMap(ExtensionRegistry.RegisteredWorkload::pluginId).orElse(BUILT_IN));
        workloadType.ifPresent(r -> workload.put("typeName", r.qualifiedName()).put("typeVersion", r.version()));
        Map<String, String> writtenWorkload = written.workload().type().equals(type)
                ? written.workload().parameters() : Map.of();
        ResolvedParametersJson.put(workload.putObject("parameters"), "workload (" + type + ")",
                registry.requireWorkload(type).parameters(), run.workload().parameters(), writtenWorkload);
        return root;
    }

    /** {@link #tree} as indented JSON text. */
    public static String toJson(Scenario run, Scenario written, ExtensionRegistry registry, Provenance provenance) {
        try {
            return MAPPER.writeValueAsString(tree(run, written, registry, provenance));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a run's configuration as JSON", e);
        }
    }

    /**
     * Writes {@link #toJson} to {@code file}, complete or not at all.
     *
     * @throws UncheckedIOException if it cannot be written
     */
    public static void write(Scenario run, Scenario written, ExtensionRegistry registry, Provenance provenance,
            Path file) {
        String text = toJson(run, written, registry, provenance) + System.lineSeparator();
        AtomicFile.writeText(file, out -> out.write(text));
    }

    private static void putFabric(ObjectNode fabric, PlatformSpec platform) {
        fabric.put("rateBitsPerSecond", platform.defaultLink().rate().bitsPerSecond());
        fabric.put("latencyNanos", platform.defaultLink().latencyNanos());
        fabric.put("loss", platform.defaultLink().lossProbability());
        fabric.put("switchLatencyNanos", platform.switchLatencyNanos());
    }

    private static Optional<NodeSpec> writtenNode(PlatformSpec written, String name) {
        return written.nodes().stream().filter(n -> n.name().equals(name)).findFirst();
    }

    private static void putNode(ObjectNode target, NodeSpec node, Optional<NodeSpec> written,
            ExtensionRegistry registry) {
        target.put("name", node.name());
        ArrayNode cores = target.putArray("cores");
        for (CoreGroup group : node.cores()) {
            ObjectNode g = cores.addObject();
            g.put("cluster", group.cluster());
            g.put("count", group.count());
        }
        putMemory(target.putObject("memory"), node);
        ArrayNode components = target.putArray("components");
        for (ComponentSpec component : node.components()) {
            ObjectNode c = components.addObject();
            c.put("name", component.name());
            c.put("type", component.type());
            Optional<ExtensionRegistry.Registered> componentType = registry.registration(component.type());
            c.put("plugin", componentType.flatMap(ExtensionRegistry.Registered::pluginId).orElse(BUILT_IN));
            componentType.ifPresent(r -> c.put("typeName", r.qualifiedName()).put("typeVersion", r.version()));
            Map<String, String> writtenValues = written.flatMap(n -> n.components().stream()
                    .filter(w -> w.name().equals(component.name()) && w.type().equals(component.type())).findFirst())
                    .map(ComponentSpec::parameters).orElse(Map.of());
            ResolvedParametersJson.put(c.putObject("parameters"),
                    node.name() + "/" + component.name() + " (" + component.type() + ")",
                    registry.require(component.type()).parameters(), component.parameters(), writtenValues);
        }
    }

    private static void putMemory(ObjectNode memory, NodeSpec node) {
        NumaTopology topology = node.memory().topology();
        ArrayNode numa = memory.putArray("numa");
        ArrayNode distances = memory.putArray("distances");
        for (int i = 0; i < topology.nodeCount(); i++) {
            numa.add(topology.capacity(i));
            ArrayNode row = distances.addArray();
            for (int j = 0; j < topology.nodeCount(); j++) {
                row.add(topology.distance(i, j));
            }
        }
        memory.put("content", node.memory().contentMode().name());
        ObjectNode manager = memory.putObject("manager");
        MemoryManagerConfig config = node.memory().manager();
        for (RecordComponent field : MemoryManagerConfig.class.getRecordComponents()) {
            Object value = read(field, config);
            if (value instanceof Long l) {
                manager.put(field.getName(), l);
            } else if (value instanceof Boolean b) {
                manager.put(field.getName(), b);
            } else {
                manager.put(field.getName(), String.valueOf(value));
            }
        }
    }

    private static Object read(RecordComponent field, MemoryManagerConfig config) {
        try {
            return field.getAccessor().invoke(config);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + field.getName() + " of the memory manager's settings", e);
        }
    }
}
