package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.InvalidScenarioException;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformLimits;
import org.iopf.core.platform.PlatformSpec;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.ScenarioValidator;
import org.iopf.core.platform.WorkloadSpec;

/**
 * Reads a platform file — YAML describing a platform, a workload and expectations — into a
 * {@link Scenario}, validating everything before anything runs: unknown keys, wrong types, bad
 * units, unknown component and workload types, their parameters (against the types'
 * {@link org.iopf.api.platform.ParameterSpec}s in the registry, ranges included), duplicate node
 * names, a role filled twice on a node, the NUMA distance matrix, the expectations, and then what
 * the workload and the components need of the nodes ({@link ScenarioValidator}). The schema is
 * documented in {@code docs/platform-files.md}.
 *
 * <p>The reader stops at the first error and throws it as a {@link PlatformFileException} whose
 * one-line message names the file, line, column and path. Thread-safe if the registry is not
 * changed while it reads.
 *
 * @since 0.1
 */
public final class PlatformFileReader {
    /** The seed of a file that gives none. */
    public static final long DEFAULT_SEED = 1;
    /** The fabric link of a file that gives none: 100 Gbps, 500 ns, lossless. */
    public static final LinkSpec DEFAULT_LINK = LinkSpec.lossless(DataRate.gbps(100), Time.nanos(500));
    /** The switch latency of a file that gives none, ns. */
    public static final long DEFAULT_SWITCH_LATENCY_NANOS = Time.nanos(300);

    private static final List<String> KEYS = List.of("name", "description", "seed", "fabric", "nodes", "workload",
            "expect");
    private static final List<String> FABRIC_KEYS = List.of("link", "switchLatency");
    private static final List<String> LINK_KEYS = List.of("rate", "latency", "loss");
    private static final List<String> WORKLOAD_KEYS = List.of("type", "params");

    private final ExtensionRegistry registry;

    /**
     * A reader that checks component and workload types against {@code registry}.
     *
     * @param registry the known types, not null; read, never changed
     */
    public PlatformFileReader(ExtensionRegistry registry) {
        this.registry = requireNonNull(registry, "registry is null");
    }

    /**
     * Reads the platform file at {@code file} (UTF-8). Messages and {@link Scenario#source()} name
     * the file as given ({@code examples/pinned-baseline.yaml}).
     *
     * @param file the file, not null
     * @return the validated scenario
     * @throws PlatformFileException if the file is not UTF-8 (at the first bad byte), not valid YAML
     *     or does not fit the schema
     * @throws UncheckedIOException if the file cannot be read
     */
    public Scenario read(Path file) {
        return read(file.toString(), PlatformFileText.read(file, "platform file"));
    }

    /**
     * Reads a platform file's text.
     *
     * @param source the file's name for messages and {@link Scenario#source()}, not null; its name
     *     without directory and {@code .yaml}/{@code .yml} is the scenario's default name
     * @param yamlText the file's contents, not null
     * @return the validated scenario
     * @throws PlatformFileException if the text is not valid YAML or does not fit the schema
     */
    public Scenario read(String source, String yamlText) {
        requireNonNull(source, "source is null");
        requireNonNull(yamlText, "yamlText is null");
        return read(source, tree(source, yamlText));
    }

    /**
     * The names under {@code type} keys anywhere in a platform file (its component and workload
     * types, as written), without checking anything else: a hint of the types a read will need.
     * Empty if the file cannot be read or parsed (its read then reports why).
     *
     * @param file the file, not null
     * @return the names, sorted
     */
    public static java.util.Set<String> typeNames(Path file) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        try {
            collectTypeNames(new YamlTreeReader(file.toString()).read(PlatformFileText.read(file, "platform file")),
                    names);
        } catch (RuntimeException e) {
            // no hint
        }
        return names;
    }

    private static void collectTypeNames(YamlNode node, java.util.Set<String> names) {
        if (node instanceof YamlNode.Mapping mapping) {
            for (YamlNode.Entry entry : mapping.entries().values()) {
                if (entry.key().equals("type") && entry.value() instanceof YamlNode.Scalar scalar) {
                    names.add(scalar.text());
                } else {
                    collectTypeNames(entry.value(), names);
                }
            }
        } else if (node instanceof YamlNode.Sequence sequence) {
            sequence.items().forEach(item -> collectTypeNames(item, names));
        }
    }

    /** The document of a platform file's text, checked to be a mapping but not yet against the schema. */
    static YamlNode.Mapping tree(String source, String yamlText) {
        return new YamlBinder(source).mapping(new YamlTreeReader(source).read(yamlText),
                "a mapping with 'nodes' and 'workload'");
    }

    /**
     * Reads a platform file's document, as {@link #tree} gives it or as edited from that (the
     * values of a sweep's point, {@code --set}); errors name {@code source} with the marks of
     * the nodes.
     */
    Scenario read(String source, YamlNode.Mapping root) {
        YamlBinder yaml = new YamlBinder(source);
        yaml.checkKeys(root, KEYS, "top-level key");
        String name = yaml.optional(root, "name", n -> yaml.nonBlank(n, "the scenario's name"), baseName(source));
        String description = yaml.optional(root, "description", n -> yaml.text(n, "one paragraph of text"), "");
        long seed = yaml.optional(root, "seed", n -> yaml.integer(n, "a whole number"), DEFAULT_SEED);
        PlatformSpec platform = fabric(yaml, root, seed);
        WorkloadSpec workload = workload(yaml, yaml.require(root, "workload",
                "the workload: {type: ..., params: {...}}"), platform.componentNames());
        List<Expectation> expectations = root.get("expect").map(n -> new ExpectationBinder(yaml).bind(n))
                .orElse(List.of());
        try {
            ScenarioValidator validator = new ScenarioValidator(registry);
            validator.validate(platform, workload);
            validator.validateFigures(platform, workload, expectations);
        } catch (InvalidScenarioException e) {
            throw located(yaml, root, e);
        }
        return new Scenario(name, description, source, platform, workload, expectations);
    }

    /**
     * Reads only the platform of a platform file's text: its seed, fabric and nodes. A
     * {@code workload:} or {@code expect:} section may be present and is ignored, so that a test can
     * build a platform without naming a workload.
     *
     * @param source the file's name for messages, not null
     * @param yamlText the file's contents, not null
     * @return the validated platform
     * @throws PlatformFileException if the text is not valid YAML or its platform does not fit the schema
     */
    public PlatformSpec readPlatform(String source, String yamlText) {
        requireNonNull(source, "source is null");
        requireNonNull(yamlText, "yamlText is null");
        YamlBinder yaml = new YamlBinder(source);
        YamlNode.Mapping root = yaml.mapping(new YamlTreeReader(source).read(yamlText), "a mapping with 'nodes'");
        yaml.checkKeys(root, KEYS, "top-level key");
        long seed = yaml.optional(root, "seed", n -> yaml.integer(n, "a whole number"), DEFAULT_SEED);
        PlatformSpec platform = fabric(yaml, root, seed);
        try {
            new ScenarioValidator(registry).validatePlatform(platform);
        } catch (InvalidScenarioException e) {
            throw located(yaml, root, e);
        }
        return platform;
    }

    /**
     * {@code e} placed at the key or value its path names, or, for a parameter left at its
     * default, at the nearest mapping written that holds it.
     */
    private static PlatformFileException located(YamlBinder yaml, YamlNode root, InvalidScenarioException e) {
        YamlNode at = root;
        for (YamlNode next = childOnPath(at, e.path()); next != null; next = childOnPath(at, e.path())) {
            at = next;
        }
        return yaml.error(at.mark(), e.path(), e.problem());
    }

    /** The child of {@code node} on the way to {@code path}, or null. */
    private static YamlNode childOnPath(YamlNode node, String path) {
        List<YamlNode> children = node instanceof YamlNode.Mapping m
                ? m.entries().values().stream().map(YamlNode.Entry::value).toList()
                : node instanceof YamlNode.Sequence s ? s.items() : List.of();
        for (YamlNode child : children) {
            String p = child.path();
            boolean onTheWay = path.startsWith(p) && (path.length() == p.length() || path.charAt(p.length()) == '.'
                    || path.charAt(p.length()) == '[');
            if (onTheWay) {
                return child;
            }
        }
        return null;
    }

    private PlatformSpec fabric(YamlBinder yaml, YamlNode.Mapping root, long seed) {
        LinkSpec link = DEFAULT_LINK;
        long switchLatency = DEFAULT_SWITCH_LATENCY_NANOS;
        if (root.get("fabric").isPresent()) {
            YamlNode.Mapping fabric = yaml.mapping(root.get("fabric").get(), "a mapping with link and switchLatency");
            yaml.checkKeys(fabric, FABRIC_KEYS, "key of the fabric");
            link = yaml.optional(fabric, "link", n -> link(yaml, n), link);
            switchLatency = yaml.optional(fabric, "switchLatency", new BoundedReads(yaml)::latency, switchLatency);
        }
        return new PlatformSpec(seed, link, switchLatency, nodes(yaml, root));
    }

    private static LinkSpec link(YamlBinder yaml, YamlNode node) {
        YamlNode.Mapping m = yaml.mapping(node, "a link such as {rate: 100Gbps, latency: 500ns, loss: 0.0}");
        yaml.checkKeys(m, LINK_KEYS, "key of a link");
        BoundedReads bounded = new BoundedReads(yaml);
        DataRate rate = yaml.optional(m, "rate", bounded::linkRate, DEFAULT_LINK.rate());
        long latency = yaml.optional(m, "latency", bounded::latency, DEFAULT_LINK.latencyNanos());
        double loss = yaml.optional(m, "loss", n -> {
            double p = yaml.decimal(n, "a probability in [0, 1)");
            if (!(p >= 0 && p < 1)) {
                throw yaml.error(n, p + " is out of range; expected a probability in [0, 1)");
            }
            return p;
        }, DEFAULT_LINK.lossProbability());
        return new LinkSpec(rate, latency, loss);
    }

    private List<NodeSpec> nodes(YamlBinder yaml, YamlNode.Mapping root) {
        String expected = "a list of at least one node: [{name: node1, ...}]";
        YamlNode.Sequence list = yaml.sequence(yaml.require(root, "nodes", expected), expected);
        if (list.items().isEmpty()) {
            throw yaml.error(list, "found an empty list; expected " + expected);
        }
        if (list.items().size() > PlatformLimits.MAX_NODES) {
            throw yaml.error(list, list.items().size() + " nodes; expected at most " + PlatformLimits.MAX_NODES);
        }
        NodeBinder binder = new NodeBinder(yaml, registry);
        Map<String, String> firstPath = new HashMap<>();
        List<NodeSpec> nodes = new ArrayList<>();
        for (YamlNode item : list.items()) {
            NodeSpec node = binder.bind(item);
            String earlier = firstPath.putIfAbsent(node.name(), item.path());
            if (earlier != null) {
                YamlNode nameNode = ((YamlNode.Mapping) item).get("name").orElseThrow();
                throw yaml.error(nameNode, "'" + node.name() + "' is already the name of " + earlier
                        + "; expected a unique node name");
            }
            nodes.add(node);
        }
        return nodes;
    }

    private WorkloadSpec workload(YamlBinder yaml, YamlNode node, Map<String, List<String>> nodeNames) {
        String types = YamlBinder.oneOf(registry.workloadNames(), "workload type");
        YamlNode.Mapping m = yaml.mapping(node, "the workload: {type: ..., params: {...}}");
        yaml.checkKeys(m, WORKLOAD_KEYS, "key of the workload");
        YamlNode typeNode = yaml.require(m, "type", "the workload's type, " + types);
        String typeName = yaml.text(typeNode, "the workload's type, " + types);
        WorkloadType type = registry.findWorkload(typeName).orElseThrow(() -> yaml.error(typeNode,
                registry.workloadAmbiguity(typeName).orElseGet(() -> "unknown workload type '" + typeName
                        + "'; expected " + types + YamlBinder.hint(typeName, registry.workloadNamesWithLibraries()))));
        return new WorkloadSpec(typeName, new ParametersBinder(yaml).bind(m, typeName, type.parameters(), nodeNames));
    }

    /** The file name of {@code source} without directory and {@code .yaml}/{@code .yml}. */
    static String baseName(String source) {
        String name = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        for (String extension : List.of(".yaml", ".yml")) {
            if (name.endsWith(extension) && name.length() > extension.length()) {
                return name.substring(0, name.length() - extension.length());
            }
        }
        return name.isEmpty() ? source : name;
    }
}
