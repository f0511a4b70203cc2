package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A port attached to the fabric. Packets sent are serialized onto the port's link at its rate,
 * cross the switch, and are serialized onto the destination's link; a packet may be lost on either
 * link with the link's loss probability, or dropped when its destination is unknown.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface FabricPort {
    /** This port's address. */
    Endpoint endpoint();

    /** The link between this port and the switch, at the rate it runs: the lower of the port's and the fabric's. */
    LinkSpec link();

    /**
     * Sends a packet whose source is this port.
     *
     * @return the time at which its last byte leaves this port (ns, absolute)
     */
    long send(Packet packet);

    /** Time at which this port's transmit side becomes idle (ns, absolute). */
    long transmitBusyUntil();

    /** Packets sent through this port. */
    long packetsSent();

    /** Packets delivered to this port's receiver. */
    long packetsReceived();

    /** Packets from this port lost on a link or dropped for an unknown destination. */
    long packetsLost();
}
