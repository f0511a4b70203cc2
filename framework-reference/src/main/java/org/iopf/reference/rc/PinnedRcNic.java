package org.iopf.reference.rc;

import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.Scheduler;
import org.iopf.toolkit.rc.LocalAckTimeout;
import org.iopf.toolkit.rc.RcHeader;
import org.iopf.toolkit.rc.RcLink;
import org.iopf.toolkit.rc.PinnedRegions;
import org.iopf.toolkit.rc.RcPortScheduler;
import org.iopf.toolkit.rc.RcQueuePairEngine;
import org.iopf.toolkit.rc.RcSettings;

/**
 * The baseline RDMA NIC: reliable connection over the fabric (the toolkit's
 * {@link RcQueuePairEngine}), memory regions pinned at registration with the NIC's own translation
 * table, and no page-fault support (an on-demand registration is refused). Queue pairs take turns on the port, one packet at a time, each packet
 * sent when the port's transmitter is free.
 *
 * <p>Traced (when the tracer is enabled): each packet sent as a slice on its queue pair's track
 * ({@code node1/nic0/qp1}) for its time on the port, named for its kind ({@code rc/data},
 * {@code rc/read-request}, {@code rc/read-response}, {@code rc/ack}).
 */
public final class PinnedRcNic implements Nic {
    private final ComponentContext context;
    private final MemoryManager memoryManager;
    private final FabricPort port;
    private final RcSettings settings;
    private final RcLink link = new Link();
    private final PinnedRegions regions;
    private final Map<Integer, RcQueuePairEngine<PinnedRegions.Region>> queuePairs = new HashMap<>();
    private final RcPortScheduler transmitter;
    private final Counter timeouts;
    private final Counter bytesSent;
    private final Counter unknownQp;
    private final Tracer tracer;
    private int nextPdn = 1;
    private int nextKey = 1;
    private int nextQpn = 1;

    @Inject
    PinnedRcNic(ComponentContext context, MemoryManager memoryManager, Fabric fabric) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.regions = new PinnedRegions(memoryManager);
        long mtu = context.parameters().get(PinnedRcNicType.MTU);
        if (Long.bitCount(mtu) != 1) {
            throw new IllegalArgumentException(context.path() + ": mtu must be a power of two from 256 B to 4KiB: "
                    + mtu);
        }
        this.settings = new RcSettings(mtu,
                LocalAckTimeout.nanos(context.parameters().get(PinnedRcNicType.LOCAL_ACK_TIMEOUT)),
                context.parameters().get(PinnedRcNicType.MIN_RNR_TIMER));
        LinkSpec fabricLink = fabric.defaultLink();
        LinkSpec link = new LinkSpec(context.parameters().get(PinnedRcNicType.RATE), fabricLink.latencyNanos(),
                fabricLink.lossProbability());
        this.port = fabric.attach(new Endpoint(context.node(), context.name()), link, this::receive);
        this.transmitter = new RcPortScheduler(context.scheduler(), port, this::sent);
        this.timeouts = PinnedRcNicType.TIMEOUTS.counter(context.metrics());
        this.bytesSent = PinnedRcNicType.TX_BYTES.counter(context.metrics());
        this.unknownQp = PinnedRcNicType.RX_UNKNOWN_QP.counter(context.metrics());
        this.tracer = context.tracer();
    }

    @Override
    public Endpoint endpoint() {
        return port.endpoint();
    }

    @Override
    public ProtectionDomain allocateProtectionDomain(AddressSpace space) {
        Objects.requireNonNull(space, "space is null");
        int pdn = nextPdn++;
        return new ProtectionDomain() {
            @Override
            public int pdn() {
                return pdn;
            }

            @Override
            public AddressSpace space() {
                return space;
            }
        };
    }

    @Override
    public RegistrationResult registerMemory(ProtectionDomain pd, long address, long length, boolean remoteWrite,
            boolean remoteRead, boolean onDemand) {
        Objects.requireNonNull(pd, "pd is null");
        if (onDemand) {
            return new RegistrationResult.Refused(context.path() + " has no page-fault support: on-demand "
                    + "registration is not available; register pinned memory");
        }
        return regions.register(pd, address, length, remoteWrite, remoteRead);
    }

    @Override
    public void deregisterMemory(MemoryRegion region) {
        regions.deregister(region);
    }

    @Override
    public CompletionQueue createCompletionQueue(int capacity) {
        return new BoundedCompletionQueue(capacity);
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain pd, CompletionQueue sendQueue, CompletionQueue receiveQueue,
            QueuePairConfig config) {
        if (!(sendQueue instanceof BoundedCompletionQueue send) || !(receiveQueue instanceof BoundedCompletionQueue receive)) {
            throw new IllegalArgumentException("completion queues must come from " + context.path());
        }
        RcQueuePairEngine<PinnedRegions.Region> qp = new RcQueuePairEngine<>(link, regions, settings, nextQpn++,
                Objects.requireNonNull(pd, "pd is null"), send, receive, Objects.requireNonNull(config, "config is null"));
        queuePairs.put(qp.qpn(), qp);
        return qp;
    }

    // ---- services for queue pairs ----

    /** The port, clock and counters as the transport engine sees them. */
    private final class Link implements RcLink {
        @Override
        public Scheduler scheduler() {
            return context.scheduler();
        }

        @Override
        public PhysicalMemory memory() {
            return memoryManager.physicalMemory();
        }

        @Override
        public Packet packet(Endpoint destination, int headerBytes, RcHeader header, Payload payload) {
            return new Packet(port.endpoint(), destination, headerBytes, header, payload);
        }

        @Override
        public void kick(RcQueuePairEngine<?> qp) {
            transmitter.kick(qp);
        }

        @Override
        public void countTimeout() {
            timeouts.increment();
        }
    }

    /** Counts and traces a packet the port sent. */
    private void sent(RcQueuePairEngine<?> qp, Packet packet, long sentAt, long free) {
        bytesSent.add(packet.payloadBytes());
        if (tracer.enabled()) {
            tracer.slice(context.path() + "/qp" + qp.qpn(), sliceName(packet), sentAt, free - sentAt, 0);
        }
    }

    private static String sliceName(Packet packet) {
        Object header = packet.header();
        if (header instanceof RcHeader.Data) {
            return "rc/data";
        }
        if (header instanceof RcHeader.ReadRequest) {
            return "rc/read-request";
        }
        if (header instanceof RcHeader.ReadResponse) {
            return "rc/read-response";
        }
        return header instanceof RcHeader.Ack ? "rc/ack" : "rc/packet";
    }

    private void receive(Packet packet) {
        if (!(packet.header() instanceof RcHeader header)) {
            unknownQp.increment();
            return;
        }
        RcQueuePairEngine<PinnedRegions.Region> qp = queuePairs.get(header.destinationQpn());
        if (qp == null) {
            unknownQp.increment();
            return;
        }
        qp.onPacket(packet);
    }
}
