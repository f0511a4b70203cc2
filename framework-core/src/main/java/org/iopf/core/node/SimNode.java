package org.iopf.core.node;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.NodeId;
import org.iopf.api.platform.Role;
import org.iopf.api.sim.Resources;

/**
 * A node of a running platform: its services and the component instance behind each role.
 */
public final class SimNode implements Node {
    private final NodeId id;
    private final MemoryManager memoryManager;
    private final Resources resources;
    private final NodeFaultQueue faultQueue;
    private final Map<Role, Object> components;
    private final Map<Role, String> componentTypes;

    /**
     * Creates the node.
     *
     * @param components the instance filling each role
     * @param componentTypes the type name of the component filling each role
     */
    public SimNode(NodeId id, MemoryManager memoryManager, Resources resources, NodeFaultQueue faultQueue,
            Map<Role, Object> components, Map<Role, String> componentTypes) {
        this.id = Objects.requireNonNull(id, "id is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.resources = Objects.requireNonNull(resources, "resources is null");
        this.faultQueue = Objects.requireNonNull(faultQueue, "faultQueue is null");
        this.components = Map.copyOf(components);
        this.componentTypes = Map.copyOf(componentTypes);
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
        for (Map.Entry<Role, Object> entry : components.entrySet()) {
            if (entry.getKey().apiType() == apiType) {
                return Optional.of(apiType.cast(entry.getValue()));
            }
        }
        return Optional.empty();
    }

    /** The type name of the component filling {@code role}, if any. */
    public Optional<String> componentType(Role role) {
        return Optional.ofNullable(componentTypes.get(role));
    }

    @Override
    public String toString() {
        return "node " + id + " " + componentTypes;
    }
}
