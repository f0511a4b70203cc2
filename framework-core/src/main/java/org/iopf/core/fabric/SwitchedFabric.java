package org.iopf.core.fabric;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fabric.PacketReceiver;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.RandomStreams;
import org.iopf.api.sim.Scheduler;
import org.iopf.core.sim.FifoBandwidthResource;

/**
 * A single store-and-forward switch joining every attached port. A packet is serialized on the
 * sender's uplink, crosses the uplink's latency and the switch's forwarding latency, then queues
 * for the destination's downlink (FIFO with everything else bound there), is serialized and
 * crosses the downlink's latency. Packets to an unknown or detached port are dropped and counted
 * as lost on the sender.
 */
public final class SwitchedFabric implements Fabric {
    private final Scheduler scheduler;
    private final RandomStreams random;
    private final LinkSpec defaultLink;
    private final long switchLatencyNanos;
    private final Map<Endpoint, SwitchPort> ports = new LinkedHashMap<>();
    /** Advances on every attach and detach, so that a port's cached route is known to be current. */
    private int topology;

    /**
     * Creates an empty fabric.
     *
     * @param scheduler the simulation's scheduler
     * @param random the run's random streams; link {@code e} draws from stream {@code fabric/e/up|down}
     * @param defaultLink the link of ports that do not choose their own
     * @param switchLatencyNanos the switch's forwarding latency in ns, {@code >= 0}
     */
    public SwitchedFabric(Scheduler scheduler, RandomStreams random, LinkSpec defaultLink, long switchLatencyNanos) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.random = Objects.requireNonNull(random, "random is null");
        this.defaultLink = Objects.requireNonNull(defaultLink, "defaultLink is null");
        if (switchLatencyNanos < 0) {
            throw new IllegalArgumentException("switchLatencyNanos must be >= 0: " + switchLatencyNanos);
        }
        this.switchLatencyNanos = switchLatencyNanos;
    }

    @Override
    public FabricPort attach(Endpoint endpoint, LinkSpec asked, PacketReceiver receiver) {
        Objects.requireNonNull(endpoint, "endpoint is null");
        Objects.requireNonNull(asked, "link is null");
        Objects.requireNonNull(receiver, "receiver is null");
        LinkSpec link = negotiated(asked);
        if (ports.containsKey(endpoint)) {
            throw new IllegalArgumentException("fabric port " + endpoint + " is attached already");
        }
        String path = "fabric/" + endpoint.node().name() + "/" + endpoint.port();
        SwitchPort port = new SwitchPort(this, endpoint, link, receiver,
                new LinkDirection(link, new FifoBandwidthResource(scheduler, path + "/up", link.rate()),
                        random.stream(path + "/up")),
                new LinkDirection(link, new FifoBandwidthResource(scheduler, path + "/down", link.rate()),
                        random.stream(path + "/down")));
        ports.put(endpoint, port);
        topology++;
        return port;
    }

    /** {@code asked} at the lower of its rate and the fabric's: a port never sends faster than its link. */
    private LinkSpec negotiated(LinkSpec asked) {
        if (asked.rate().bytesPerSecond() <= defaultLink.rate().bytesPerSecond()) {
            return asked;
        }
        return new LinkSpec(defaultLink.rate(), asked.latencyNanos(), asked.lossProbability());
    }

    @Override
    public void detach(Endpoint endpoint) {
        SwitchPort port = ports.remove(endpoint);
        topology++;
        if (port != null) {
            port.markDetached();
        }
    }

    @Override
    public Optional<FabricPort> port(Endpoint endpoint) {
        return Optional.ofNullable(ports.get(endpoint));
    }

    @Override
    public LinkSpec defaultLink() {
        return defaultLink;
    }

    long now() {
        return scheduler.now();
    }

    void scheduleAt(long time, Event event) {
        scheduler.scheduleAt(time, event);
    }

    /** Hands a packet to the switch at {@code arrival}; it is forwarded after the switch latency. */
    void forwardAt(long arrival, Packet packet, SwitchPort from) {
        scheduler.scheduleAt(arrival + switchLatencyNanos, new Transit(packet, from));
    }

    /**
     * A packet past its uplink. Its first firing routes it at the switch and queues it on the
     * destination's downlink; its second delivers it there: one event object per packet for both.
     */
    private final class Transit implements Event {
        private final Packet packet;
        private final SwitchPort from;
        private SwitchPort to;

        Transit(Packet packet, SwitchPort from) {
            this.packet = packet;
            this.from = from;
        }

        @Override
        public void fire() {
            if (to != null) {
                to.arrive(packet, from);
                return;
            }
            to = from.route(packet.destination(), topology, ports);
            if (to == null) {
                from.countLost();
            } else {
                to.deliverFromSwitch(packet, from, this);
            }
        }
    }
}
