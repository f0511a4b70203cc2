package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.Resources;

/**
 * A node of a running platform as workloads see it: its memory manager, its cores, and the
 * components that fill its roles. A role may be filled by several components ({@code nic0} and
 * {@code nic1}); the first the platform file declares is the node's <em>default</em> for that role —
 * what {@link #role} answers and what another component of the node that injects the role gets —
 * and the others are reached by name ({@link #component}).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Node {
    /** The node's id. */
    NodeId id();

    /** The node's OS memory manager. */
    MemoryManager memoryManager();

    /** The node's CPU cores. */
    Resources resources();

    /** The node's default component for a role (the first declared), typed as the role's API interface. */
    <T> Optional<T> role(Class<T> apiType);

    /** The node's default component for a role, or an error naming the node and the role. */
    default <T> T requireRole(Class<T> apiType) {
        return role(apiType).orElseThrow(() -> new IllegalStateException(
                "node '" + id() + "' has no component for role " + apiType.getSimpleName()));
    }

    /**
     * Every component that fills a role, in the order the platform declares them.
     *
     * @since 0.2
     */
    <T> List<T> roles(Class<T> apiType);

    /**
     * The component named {@code name} on this node, typed as a role's API interface, if there is
     * one and it fills that role.
     *
     * @since 0.2
     */
    <T> Optional<T> component(String name, Class<T> apiType);

    /**
     * The component named {@code name}, or an error naming the node, the component and the role.
     *
     * @since 0.2
     */
    default <T> T requireComponent(String name, Class<T> apiType) {
        return component(name, apiType).orElseThrow(() -> new IllegalStateException("node '" + id()
                + "' has no component '" + name + "' for role " + apiType.getSimpleName()));
    }
}
