package org.iopf.core.platform;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.iopf.api.platform.NodeRequirement;

/**
 * One requirement placed on one node of a platform, with who placed it and where, for messages.
 *
 * @param path the path a message names ({@code workload.params.source}, {@code nodes[0].nic0})
 * @param who who needs it ({@code rdma-write-stream}, {@code eth-nic 'nic0'})
 * @param parameter the workload parameter that names the node; empty for a component's own node
 * @param node the node
 * @param component the component of the node the parameter names ({@code node1/nic1}), if it names
 *     one: the roles asked for must be that component's
 * @param requirement what is needed there
 */
record NodeDemand(String path, String who, Optional<String> parameter, NodeSpec node, Optional<String> component,
        NodeRequirement requirement) {
    /** Checks arguments. */
    NodeDemand {
        requireNonNull(path, "path is null");
        requireNonNull(who, "who is null");
        requireNonNull(parameter, "parameter is null");
        requireNonNull(node, "node is null");
        requireNonNull(component, "component is null");
        requireNonNull(requirement, "requirement is null");
    }

    /** Whether the requirement is a component's on its own node. */
    boolean onOwnNode() {
        return parameter.isEmpty();
    }

    /** {@code rdma-write-stream sends from it}: who, and the requirement's purpose. */
    String because() {
        return who + " " + requirement.purpose();
    }
}
