package org.iopf.core.node;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.NodeId;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.Resources;

/**
 * A node of a running platform: its services and its components, each with the instance behind
 * each role it fills, in the order the platform declares them. The first component declared for a
 * role is the node's default for it.
 */
public final class SimNode implements Node {
    private final NodeId id;
    private final MemoryManager memoryManager;
    private final Resources resources;
    private final NodeFaultQueue faultQueue;
    private final List<PlacedComponent> components;

    /**
     * One component of the node: its name, its type's name, and its instance for each role.
     *
     * @param name the component's name within the node ({@code nic1})
     * @param type the component type's name
     * @param instances the object filling each of its roles
     */
    public record PlacedComponent(String name, String type, Map<Role, Object> instances) {
        /** Checks arguments and copies the map. */
        public PlacedComponent {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(type, "type is null");
            instances = Map.copyOf(instances);
        }
    }

    /**
     * Creates the node.
     *
     * @param components its components in declaration order
     */
    public SimNode(NodeId id, MemoryManager memoryManager, Resources resources, NodeFaultQueue faultQueue,
            List<PlacedComponent> components) {
        this.id = Objects.requireNonNull(id, "id is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.resources = Objects.requireNonNull(resources, "resources is null");
        this.faultQueue = Objects.requireNonNull(faultQueue, "faultQueue is null");
        this.components = List.copyOf(components);
    }

    @Override
    public NodeId id() {
        return id;
    }

    @Override
    public MemoryManager memoryManager() {
        return memoryManager;
    }

    @Override
    public Resources resources() {
        return resources;
    }

    /** The node's fault queue. */
    public NodeFaultQueue faultQueue() {
        return faultQueue;
    }

    @Override
    public <T> Optional<T> role(Class<T> apiType) {
        Role role = roleOf(apiType);
        return role == null ? Optional.empty() : components.stream().filter(c -> c.instances().containsKey(role))
                .findFirst().map(c -> apiType.cast(c.instances().get(role)));
    }

    @Override
    public <T> List<T> roles(Class<T> apiType) {
        Role role = roleOf(apiType);
        return role == null ? List.of() : components.stream().filter(c -> c.instances().containsKey(role))
                .map(c -> apiType.cast(c.instances().get(role))).toList();
    }

    @Override
    public <T> Optional<T> component(String name, Class<T> apiType) {
        Role role = roleOf(apiType);
        return components.stream().filter(c -> c.name().equals(name) && role != null
                && c.instances().containsKey(role)).findFirst().map(c -> apiType.cast(c.instances().get(role)));
    }

    @Override
    public <T> T requireComponent(String name, Class<T> apiType) {
        return component(name, apiType).orElseThrow(() -> new IllegalStateException(components.stream()
                .filter(c -> c.name().equals(name)).findFirst()
                .map(c -> "component '" + name + "' on node '" + id + "' is a " + c.type() + ", which fills no "
                        + apiType.getSimpleName() + " role")
                .orElse("node '" + id + "' has no component '" + name + "'; it has "
                        + components.stream().map(PlacedComponent::name).toList())));
    }

    /** The type name of the node's default component for {@code role}, if any. */
    public Optional<String> componentType(Role role) {
        return components.stream().filter(c -> c.instances().containsKey(role)).findFirst()
                .map(PlacedComponent::type);
    }

    /** The node's components in declaration order. */
    public List<PlacedComponent> components() {
        return components;
    }

    private static Role roleOf(Class<?> apiType) {
        for (Role role : Role.values()) {
            if (role.apiType() == apiType) {
                return role;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "node " + id + " " + components.stream().map(c -> c.name() + "=" + c.type()).toList();
    }
}
