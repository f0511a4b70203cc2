package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The network joining the nodes: a switch with one link per attached port.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Fabric {
    /**
     * Attaches a port. The link runs at the lower of the port's rate and the fabric's
     * ({@link #defaultLink()}), as Ethernet auto-negotiation (IEEE 802.3 clauses 28 and 73) and
     * InfiniBand link training settle on the fastest speed both ends support: a port never sends
     * faster than its link. {@link FabricPort#link()} says the rate it runs at.
     *
     * @param endpoint its address; attaching one address twice is an {@link IllegalArgumentException}
     * @param link the port's link to the switch, at the port's own rate
     * @param receiver receives the packets addressed to it
     */
    FabricPort attach(Endpoint endpoint, LinkSpec link, PacketReceiver receiver);

    /** Detaches a port; packets to it are then dropped. */
    void detach(Endpoint endpoint);

    /** The port at {@code endpoint}, if attached. */
    Optional<FabricPort> port(Endpoint endpoint);

    /**
     * The fabric's link, as the platform file gives it: the rate, latency and loss of ports that
     * do not choose their own, and the fastest any port runs.
     */
    LinkSpec defaultLink();
}
