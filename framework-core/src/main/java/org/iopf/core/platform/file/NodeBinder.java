package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.core.platform.ComponentSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.MemorySpec;
import org.iopf.core.platform.NearestName;
import org.iopf.core.platform.NodeSpec;
import org.iopf.core.platform.PlatformLimits;
import org.iopf.core.sim.CoreGroup;

/**
 * Binds one entry of {@code nodes:}: its name, cores and memory (the reserved keys) and its
 * components — every other key, named by the key, {@code {type: ..., params: {...}}} — checked
 * against the registered component types: known type, known and well-formed parameters, at most
 * one fault handler (other roles may be filled by several components: {@code nic0}, {@code nic1}).
 */
final class NodeBinder {
    /** The keys of a node that are not components. */
    static final List<String> RESERVED = List.of("name", "cores", "memory");

    private static final List<String> COMPONENT_KEYS = List.of("type", "params");
    private static final List<String> CORE_KEYS = List.of("cluster", "count");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final String DEFAULT_CLUSTER = "cpu";
    private static final int DEFAULT_CORES = 4;

    private final YamlBinder yaml;
    private final ExtensionRegistry registry;
    private final MemoryBinder memory;
    private final ParametersBinder parameters;

    /**
     * A binder reporting through {@code yaml} and checking components against {@code registry}.
     *
     * @param yaml typed reads and errors of the file, not null
     * @param registry the known component types, not null
     */
    NodeBinder(YamlBinder yaml, ExtensionRegistry registry) {
        this.yaml = requireNonNull(yaml, "yaml is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.memory = new MemoryBinder(yaml);
        this.parameters = new ParametersBinder(yaml);
    }

    /** The node described by {@code node}. */
    NodeSpec bind(YamlNode node) {
        YamlNode.Mapping m = yaml.mapping(node, "a node: a mapping with name, cores, memory and components");
        String name = name(yaml.require(m, "name", "the node's name"), "the node's name");
        List<CoreGroup> cores = m.get("cores").map(this::cores).orElse(List.of(new CoreGroup(DEFAULT_CLUSTER,
                DEFAULT_CORES)));
        MemorySpec mem = m.get("memory").map(memory::bind).orElse(MemorySpec.of(MemoryBinder.DEFAULT_BYTES));
        List<ComponentSpec> components = new ArrayList<>();
        Map<Role, ComponentSpec> byRole = new EnumMap<>(Role.class);
        for (YamlNode.Entry entry : m.entries().values()) {
            if (!RESERVED.contains(entry.key())) {
                components.add(component(m, entry, byRole));
            }
        }
        return new NodeSpec(name, mem, cores, components);
    }

    /** A name of a node or component: letters, digits, '-' and '_'. */
    String name(YamlNode node, String what) {
        String text = yaml.text(node, what);
        if (!NAME.matcher(text).matches()) {
            throw yaml.error(node, "'" + text + "' is not a valid name; expected " + what
                    + " of letters, digits, '-' and '_'");
        }
        return text;
    }

    private List<CoreGroup> cores(YamlNode node) {
        String expected = "a list of core clusters such as [{cluster: cpu, count: 4}]";
        YamlNode.Sequence list = yaml.sequence(node, expected);
        if (list.items().isEmpty()) {
            throw yaml.error(list, "found an empty list; expected " + expected);
        }
        Map<String, CoreGroup> groups = new LinkedHashMap<>();
        for (YamlNode item : list.items()) {
            YamlNode.Mapping m = yaml.mapping(item, "a core cluster such as {cluster: cpu, count: 4}");
            yaml.checkKeys(m, CORE_KEYS, "key of a core cluster");
            YamlNode clusterNode = yaml.require(m, "cluster", "the cluster's name, such as cpu or a53");
            String cluster = name(clusterNode, "the cluster's name");
            long count = yaml.integer(yaml.require(m, "count", "the number of cores, >= 1"), 1,
                    PlatformLimits.MAX_CORES, "a whole number of cores in 1.." + PlatformLimits.MAX_CORES);
            if (groups.put(cluster, new CoreGroup(cluster, (int) count)) != null) {
                throw yaml.error(clusterNode, "cluster '" + cluster + "' is declared twice; expected each cluster once");
            }
        }
        int total = groups.values().stream().mapToInt(CoreGroup::count).sum();
        if (total > PlatformLimits.MAX_CORES) {
            throw yaml.error(list, total + " cores; expected at most " + PlatformLimits.MAX_CORES + " in a node");
        }
        return List.copyOf(groups.values());
    }

    private ComponentSpec component(YamlNode.Mapping node, YamlNode.Entry entry, Map<Role, ComponentSpec> byRole) {
        YamlNode value = entry.value();
        boolean typed = value instanceof YamlNode.Mapping c && c.get("type").isPresent();
        Optional<String> reserved = NearestName.suggest(entry.key(), RESERVED);
        if (!typed && reserved.isPresent()) {
            throw yaml.keyError(node, entry, "unknown key of a node; expected one of " + RESERVED
                    + " or a component {type: ..., params: {...}}; did you mean '" + reserved.get() + "'?");
        }
        String name = name(new YamlNode.Scalar(entry.keyMark(), YamlNode.child(node.path(), entry.key()), entry.key()),
                "a component name");
        YamlNode.Mapping c = yaml.mapping(value, "a component {type: ..., params: {...}}");
        yaml.checkKeys(c, COMPONENT_KEYS, "key of a component");
        String types = YamlBinder.oneOf(registry.componentNames(), "component type");
        YamlNode typeNode = yaml.require(c, "type", "the component's type, " + types);
        String typeName = yaml.text(typeNode, "the component's type, " + types);
        ComponentType type = registry.find(typeName).orElseThrow(() -> yaml.error(typeNode,
                registry.componentAmbiguity(typeName).orElseGet(() -> "unknown component type '" + typeName
                        + "'; expected " + types + YamlBinder.hint(typeName, registry.componentNamesWithLibraries()))));
        ComponentSpec spec = new ComponentSpec(name, typeName, parameters.bind(c, typeName, type.parameters()));
        ComponentSpec handler = byRole.get(Role.FAULT_HANDLER);
        if (handler != null && type.roles().contains(Role.FAULT_HANDLER)) {
            throw yaml.keyError(node, entry, "role " + Role.FAULT_HANDLER.key() + " is already filled by '"
                    + handler.name() + "' (" + handler.type() + "); expected one fault handler per node (the node's "
                    + "fault sink hands every fault to one)");
        }
        for (Role role : type.roles()) {
            byRole.putIfAbsent(role, spec);
        }
        return spec;
    }
}
