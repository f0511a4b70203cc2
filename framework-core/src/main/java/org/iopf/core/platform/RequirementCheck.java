package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.iopf.api.platform.Capability;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;

/**
 * Checks the roles, capabilities and component types a {@link NodeDemand} asks of its node,
 * against the component types the node's components declare. A failure names the node, what it
 * has instead, who needed it and why, and what would do: the platform's nodes that have it (for a
 * workload), or the registered types that offer it (for a component's own node).
 */
final class RequirementCheck {
    private final PlatformSpec platform;
    private final ExtensionRegistry registry;

    RequirementCheck(PlatformSpec platform, ExtensionRegistry registry) {
        this.platform = requireNonNull(platform, "platform is null");
        this.registry = requireNonNull(registry, "registry is null");
    }

    /**
     * Checks one demand, roles and capabilities in their declaration order, so that the first need
     * reported does not depend on set order.
     *
     * @throws InvalidScenarioException at the demand's path for the first need its node does not meet
     */
    void check(NodeDemand demand) {
        for (Role role : Role.values()) {
            if (demand.requirement().roles().contains(role)) {
                checkRole(demand, role);
            }
        }
    }

    private void checkRole(NodeDemand demand, Role role) {
        NodeSpec node = demand.node();
        if (demand.component().isPresent()) {
            ComponentSpec named = node.components().stream().filter(c -> c.name().equals(demand.component().get()))
                    .findFirst().orElseThrow();
            if (!registry.require(named.type()).roles().contains(role)) {
                throw new InvalidScenarioException(demand.path(), "component " + describe(named) + " of node '"
                        + node.name() + "' is no " + label(role) + " (" + demand.because() + "); "
                        + label(role) + "s of node '" + node.name() + "': " + node.components().stream()
                        .filter(c -> registry.require(c.type()).roles().contains(role)).map(ComponentSpec::name)
                        .toList());
            }
        }
        ComponentSpec filler = demand.component().isPresent()
                ? node.components().stream().filter(c -> c.name().equals(demand.component().get())).findFirst()
                        .orElseThrow()
                : filler(node, role).orElseThrow(() -> failure(demand, "node '" + node.name()
                + "' has no " + label(role), "nodes with " + article(role), label(role) + " types",
                t -> t.roles().contains(role), n -> filler(n, role).isPresent()));
        String type = demand.requirement().componentTypes().get(role);
        if (type != null && !isOfType(filler, type)) {
            throw failure(demand, "node '" + node.name() + "' has " + label(role) + " " + describe(filler) + ", not "
                    + type, "nodes whose " + label(role) + " is " + type, label(role) + " types",
                    t -> t.name().equals(Library.simpleName(type)), n -> filler(n, role).filter(c -> isOfType(c, type)).isPresent());
        }
        for (Capability capability : Capability.values()) {
            boolean needed = capability.role() == role && demand.requirement().capabilities().contains(capability);
            if (needed && !offers(filler, capability)) {
                throw failure(demand, "node '" + node.name() + "' has " + label(role) + " " + describe(filler)
                        + " without " + capability.label(), "nodes whose " + label(role) + " has "
                        + capability.label(), label(role) + " types with " + capability.label(),
                        t -> t.roles().contains(role) && t.capabilities().contains(capability),
                        n -> filler(n, role).filter(c -> offers(c, capability)).isPresent());
            }
        }
    }

    /**
     * The failure: what the node has, who needed what and why, then the nodes that would do for a
     * workload, or the types that would do for a component on its own node.
     */
    private InvalidScenarioException failure(NodeDemand demand, String has, String nodesThat, String typesThat,
            Predicate<ComponentType> typeWouldDo, Predicate<NodeSpec> nodeWouldDo) {
        String alternatives;
        if (demand.onOwnNode()) {
            List<String> types = registry.all().stream().map(ExtensionRegistry.Registered::type).filter(typeWouldDo)
                    .map(ComponentType::name).sorted().toList();
            alternatives = typesThat + ": " + (types.isEmpty() ? "none" : types);
        } else {
            List<String> nodes = platform.nodes().stream().filter(nodeWouldDo).map(NodeSpec::name).toList();
            alternatives = nodesThat + ": " + (nodes.isEmpty() ? "none" : nodes);
        }
        return new InvalidScenarioException(demand.path(), has + " (" + demand.because() + "); " + alternatives);
    }

    /** Whether {@code component} is of the type {@code typeName} names (qualified, or by its own name). */
    private boolean isOfType(ComponentSpec component, String typeName) {
        ExtensionRegistry.Registered r = registry.registration(component.type()).orElseThrow();
        return typeName.indexOf(Library.SEPARATOR) >= 0 ? r.qualifiedName().equals(typeName)
                : r.type().name().equals(typeName);
    }

    private Optional<ComponentSpec> filler(NodeSpec node, Role role) {
        return node.components().stream().filter(c -> registry.require(c.type()).roles().contains(role)).findFirst();
    }

    private boolean offers(ComponentSpec component, Capability capability) {
        return registry.require(component.type()).capabilities().contains(capability);
    }

    private static String describe(ComponentSpec component) {
        return "'" + component.name() + "' (" + component.type() + ")";
    }

    /** How messages name a role: {@code NIC}, {@code DMA engine}. */
    static String label(Role role) {
        return switch (role) {
            case IOMMU -> "IOMMU";
            case DMA_ENGINE -> "DMA engine";
            case NIC -> "NIC";
            case FAULT_HANDLER -> "fault handler";
            case BUFFER_MANAGER -> "buffer manager";
        };
    }

    private static String article(Role role) {
        return (role == Role.IOMMU ? "an " : "a ") + label(role);
    }
}
