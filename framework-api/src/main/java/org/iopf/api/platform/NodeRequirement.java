package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a workload, or a component, needs of one node of the platform, declared as data so that
 * validation checks it before the first event of every run ({@code iopf validate} too) and
 * answers with one message that names the parameter and the nodes that would do:
 * {@code workload.params.source: node 'zynq' has no NIC (rdma-write-stream sends from it); nodes
 * with a NIC: [host]}.
 *
 * <p>A workload names the node by one of its parameters ({@link #on(String, String)}); a component
 * type's requirement is on its own node ({@link #onOwnNode(String)}). Build one up with the copy
 * methods: {@code NodeRequirement.on("source", "sends from it").capability(Capability.VERBS)
 * .memory(bytes, bytes)}. Memory adds up over every requirement on a node.
 *
 * @param nodeParameter the parameter (of {@link ParameterType#NODE} or a string naming a node)
 *     whose value is the node; empty for the node of the component that declares it
 * @param purpose what the declarer does there, completing "{@code <type> ...}" ({@code sends
 *     from it}); not blank
 * @param roles the roles that must be filled on the node
 * @param capabilities what the components filling them must offer
 *     ({@link ComponentType#capabilities()}); each implies its role
 * @param componentTypes for roles that must be filled by one component type (a workload that
 *     drives a {@code pldma} engine), that type's name by role; each implies its role
 * @param residentBytes bytes of the declarer's buffers resident at once on the node, pinned ones
 *     included; checked against the node's memory and swap
 * @param pinnedBytes bytes of them pinned at once; checked against the node's memory and its
 *     memory manager's pinnable limit
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record NodeRequirement(Optional<String> nodeParameter, String purpose, Set<Role> roles,
        Set<Capability> capabilities, Map<Role, String> componentTypes, long residentBytes, long pinnedBytes) {
    /** Checks arguments; adds to {@code roles} the roles of the capabilities and component types. */
    public NodeRequirement {
        Objects.requireNonNull(nodeParameter, "nodeParameter is null");
        Objects.requireNonNull(purpose, "purpose is null");
        if (purpose.isBlank()) {
            throw new IllegalArgumentException("purpose is blank");
        }
        Set<Role> all = roles.isEmpty() ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(roles);
        capabilities.forEach(c -> all.add(c.role()));
        all.addAll(componentTypes.keySet());
        roles = Set.copyOf(all);
        capabilities = Set.copyOf(capabilities);
        componentTypes = Map.copyOf(componentTypes);
        if (residentBytes < 0 || pinnedBytes < 0 || pinnedBytes > residentBytes) {
            throw new IllegalArgumentException("memory must satisfy 0 <= pinnedBytes <= residentBytes: "
                    + pinnedBytes + " pinned of " + residentBytes);
        }
    }

    /**
     * A workload's requirement on the node its parameter {@code nodeParameter} names, needing
     * nothing yet.
     *
     * @param nodeParameter the parameter's name ({@code source}), not null
     * @param purpose what the workload does there ({@code sends from it}), not blank
     */
    public static NodeRequirement on(String nodeParameter, String purpose) {
        return new NodeRequirement(Optional.of(nodeParameter), purpose, Set.of(), Set.of(), Map.of(), 0, 0);
    }

    /**
     * A component's requirement on its own node, needing nothing yet.
     *
     * @param purpose what the component does with it ({@code sends its rx-buffer faults to it}),
     *     not blank
     */
    public static NodeRequirement onOwnNode(String purpose) {
        return new NodeRequirement(Optional.empty(), purpose, Set.of(), Set.of(), Map.of(), 0, 0);
    }

    /** This requirement, also needing {@code role} filled on the node. */
    public NodeRequirement role(Role role) {
        Set<Role> more = EnumSet.of(Objects.requireNonNull(role, "role is null"));
        more.addAll(roles);
        return new NodeRequirement(nodeParameter, purpose, more, capabilities, componentTypes, residentBytes,
                pinnedBytes);
    }

    /** This requirement, also needing the component of {@code capability}'s role to offer it. */
    public NodeRequirement capability(Capability capability) {
        Set<Capability> more = EnumSet.of(Objects.requireNonNull(capability, "capability is null"));
        more.addAll(capabilities);
        return new NodeRequirement(nodeParameter, purpose, roles, more, componentTypes, residentBytes, pinnedBytes);
    }

    /** This requirement, also needing {@code role} filled by a component of type {@code typeName}. */
    public NodeRequirement componentType(Role role, String typeName) {
        Map<Role, String> more = new EnumMap<>(Role.class);
        more.putAll(componentTypes);
        more.put(Objects.requireNonNull(role, "role is null"), Objects.requireNonNull(typeName, "typeName is null"));
        return new NodeRequirement(nodeParameter, purpose, roles, capabilities, more, residentBytes, pinnedBytes);
    }

    /**
     * This requirement with its buffers' memory on the node.
     *
     * @param resident bytes resident at once, pinned ones included, {@code >= pinned}
     * @param pinned bytes pinned at once, {@code >= 0}
     */
    public NodeRequirement memory(long resident, long pinned) {
        return new NodeRequirement(nodeParameter, purpose, roles, capabilities, componentTypes, resident, pinned);
    }
}
