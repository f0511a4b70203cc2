package org.iopf.api.fabric;

import java.util.Optional;

/**
 * The network joining the nodes: a switch with one link per attached port.
 *
 * @since 0.1
 */
public interface Fabric {
    /**
     * Attaches a port.
     *
     * @param endpoint its address; attaching one address twice is an {@link IllegalArgumentException}
     * @param link the link to the switch
     * @param receiver receives the packets addressed to it
     */
    FabricPort attach(Endpoint endpoint, LinkSpec link, PacketReceiver receiver);

    /** Detaches a port; packets to it are then dropped. */
    void detach(Endpoint endpoint);

    /** The port at {@code endpoint}, if attached. */
    Optional<FabricPort> port(Endpoint endpoint);

    /** The link that the platform file gives ports that do not choose their own. */
    LinkSpec defaultLink();
}
