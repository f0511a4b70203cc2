package org.iopf.core.fabric;

import java.util.Map;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fabric.PacketReceiver;
import org.iopf.api.sim.Event;

/**
 * A port attached to a {@link SwitchedFabric}: the uplink towards the switch, the downlink from
 * it, and the receiver of packets addressed to the port.
 */
final class SwitchPort implements FabricPort {
    private final SwitchedFabric fabric;
    private final Endpoint endpoint;
    private final LinkSpec link;
    private final PacketReceiver receiver;
    private final LinkDirection uplink;
    private final LinkDirection downlink;
    private long sent;
    private long received;
    private long lost;
    private boolean detached;
    // The route of the last packet from this port: a stream of packets goes to one destination,
    // whose record key would otherwise be hashed and compared per packet.
    private Endpoint routeDestination;
    private SwitchPort routeTarget;
    private int routeTopology;

    SwitchPort(SwitchedFabric fabric, Endpoint endpoint, LinkSpec link, PacketReceiver receiver,
            LinkDirection uplink, LinkDirection downlink) {
        this.fabric = fabric;
        this.endpoint = endpoint;
        this.link = link;
        this.receiver = receiver;
        this.uplink = uplink;
        this.downlink = downlink;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public LinkSpec link() {
        return link;
    }

    @Override
    public long send(Packet packet) {
        Objects.requireNonNull(packet, "packet is null");
        if (packet.source() != endpoint && !packet.source().equals(endpoint)) {
            throw new IllegalArgumentException("packet source " + packet.source() + " is not this port " + endpoint);
        }
        if (detached) {
            throw new IllegalStateException("port " + endpoint + " is detached");
        }
        sent++;
        long leaves = uplink.serialize(packet.wireBytes());
        if (uplink.loses()) {
            lost++;
        } else {
            fabric.forwardAt(leaves + uplink.latency(), packet, this);
        }
        return leaves;
    }

    /** Serializes a packet from the switch onto this port's downlink; {@code arrival} fires when it is through. */
    void deliverFromSwitch(Packet packet, SwitchPort from, Event arrival) {
        long arrives = downlink.serialize(packet.wireBytes()) + downlink.latency();
        if (downlink.loses()) {
            from.lost++;
            return;
        }
        fabric.scheduleAt(arrives, arrival);
    }

    /** A packet from {@code from} came off this port's downlink: received, unless the port left meanwhile. */
    void arrive(Packet packet, SwitchPort from) {
        if (!detached) {
            received++;
            receiver.receive(packet);
        } else {
            from.lost++;
        }
    }

    /**
     * The port attached at {@code destination} (null if none), as {@code ports} holds it: the
     * cached answer while the same endpoint instance is asked in the same {@code topology}.
     */
    SwitchPort route(Endpoint destination, int topology, Map<Endpoint, SwitchPort> ports) {
        if (destination != routeDestination || topology != routeTopology) {
            routeTarget = ports.get(destination);
            routeDestination = destination;
            routeTopology = topology;
        }
        return routeTarget;
    }

    void countLost() {
        lost++;
    }

    void markDetached() {
        detached = true;
    }

    @Override
    public long transmitBusyUntil() {
        return uplink.busyUntil();
    }

    @Override
    public long packetsSent() {
        return sent;
    }

    @Override
    public long packetsReceived() {
        return received;
    }

    @Override
    public long packetsLost() {
        return lost;
    }

    /** Fraction of the run so far during which the uplink (port to switch) was busy. */
    double transmitUtilisation() {
        return uplink.utilisation();
    }

    /** Fraction of the run so far during which the downlink (switch to port) was busy. */
    double receiveUtilisation() {
        return downlink.utilisation();
    }

    @Override
    public String toString() {
        return "port " + endpoint;
    }
}
