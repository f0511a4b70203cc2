package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import org.apiguardian.api.API;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.sim.Resources;

/**
 * A node of a running platform as workloads see it: its memory manager, its cores, and the
 * components that fill its roles.
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

    /** The component that fills {@code role}, typed as the role's API interface. */
    <T> Optional<T> role(Class<T> apiType);

    /** The component that fills {@code role}, or an error naming the node and the role. */
    default <T> T requireRole(Class<T> apiType) {
        return role(apiType).orElseThrow(() -> new IllegalStateException(
                "node '" + id() + "' has no component for role " + apiType.getSimpleName()));
    }
}
