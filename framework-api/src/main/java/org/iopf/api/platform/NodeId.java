package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The name of a node of the platform ({@code node1}).
 *
 * @param name the node's name as the platform file gives it, not blank
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record NodeId(String name) {
    /** Checks the name. */
    public NodeId {
        Objects.requireNonNull(name, "name is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("node name is blank");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
