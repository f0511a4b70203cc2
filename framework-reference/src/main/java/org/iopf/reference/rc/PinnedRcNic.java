package org.iopf.reference.rc;

import jakarta.inject.Inject;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
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
import org.iopf.toolkit.rc.LocalAckTimeout;
import org.iopf.toolkit.rc.PinnedRegions;
import org.iopf.toolkit.rc.PortLink;
import org.iopf.toolkit.rc.ProtectionDomains;
import org.iopf.toolkit.rc.RcHeader;
import org.iopf.toolkit.rc.RcPortScheduler;
import org.iopf.toolkit.rc.RcQueuePairEngine;
import org.iopf.toolkit.rc.RcQueuePairs;
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
    private final PinnedRegions regions;
    private final RcQueuePairs<PinnedRegions.Region> queuePairs;
    private final RcPortScheduler transmitter;
    private final Counter timeouts;
    private final Counter bytesSent;
    private final Counter unknownQp;
    private final Tracer tracer;
    private final ProtectionDomains protectionDomains = new ProtectionDomains();
    private int nextKey = 1;

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
        this.queuePairs = new RcQueuePairs<>(context.path(), new PortLink(context.scheduler(),
                memoryManager.physicalMemory(), port, transmitter::kick, timeouts), settings);
    }

    @Override
    public Endpoint endpoint() {
        return port.endpoint();
    }

    @Override
    public ProtectionDomain allocateProtectionDomain(AddressSpace space) {
        return protectionDomains.allocate(space);
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
        return queuePairs.create(regions, pd, sendQueue, receiveQueue, config);
    }

    // ---- services for queue pairs ----

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
        RcQueuePairEngine<PinnedRegions.Region> qp = queuePairs.destination(packet);
        if (qp == null) {
            unknownQp.increment();
            return;
        }
        qp.onPacket(packet);
    }
}
