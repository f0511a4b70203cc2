package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.platform.NodeId;

/**
 * An address on the fabric: a node and one of its ports ({@code node1:nic0}).
 *
 * @param node the node
 * @param port the port's name within the node
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Endpoint(NodeId node, String port) {
    /** Checks arguments. */
    public Endpoint {
        Objects.requireNonNull(node, "node is null");
        Objects.requireNonNull(port, "port is null");
    }

    @Override
    public String toString() {
        return node + ":" + port;
    }
}
