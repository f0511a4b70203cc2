package org.iopf.plugin.dmaplane;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.BoundedCompletionQueue;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Scheduler;
import org.iopf.api.sim.WorkPriority;
import org.iopf.toolkit.rc.LocalAckTimeout;
import org.iopf.toolkit.rc.PinnedRegions;
import org.iopf.toolkit.rc.PortLink;
import org.iopf.toolkit.rc.ProtectionDomains;
import org.iopf.toolkit.rc.RcHeader;
import org.iopf.toolkit.rc.RcQueuePairEngine;
import org.iopf.toolkit.rc.RcQueuePairs;
import org.iopf.toolkit.rc.RcSettings;

/**
 * The built-in Soft-RoCE-like transport (rxe, seed 004 §4.3) that dmaplane uses when its node has
 * no NIC component: RDMA verbs done in software. The requester (per work request and per packet:
 * WQE handling, skb, headers, payload copy and ICRC) runs on the transmit core, the responder and
 * the completer (per packet, per ACK) on the receive core ({@link SoftRoceTransmitter}); packets
 * cross the platform's fabric link. So its throughput is bounded by those cores and the link, and
 * its round trip by the fabric latency plus the software steps. The reliable-connection transport
 * itself is the toolkit's engine ({@link RcQueuePairEngine}: PSNs, cumulative ACKs, sequence NAK
 * and go-back-N, the local ACK timeout {@code 4.096 us x 2^rxeLocalAckTimeout}, RNR NAKs carrying
 * this NIC's {@code rxeMinRnrTimer} code), as rxe implements the IB spec's; memory is pinned at
 * registration, so every translation hits.
 */
final class SoftRoceNic implements Nic {
    private final MemoryManager memoryManager;
    private final Scheduler scheduler;
    private final SoftRoceConfig config;
    private final FabricPort port;
    private final CpuCore txCore;
    private final CpuCore rxCore;
    private final PinnedRegions regions;
    private final RcQueuePairs<PinnedRegions.Region> queuePairs;
    private final RcSettings settings;
    private final SoftRoceTransmitter transmitter;
    private final Counter packetsOut;
    private final Counter rnrNaks;
    private final Counter timeouts;
    private final Counter unknown;
    private final ProtectionDomains protectionDomains = new ProtectionDomains();
    private int nextKey = 1;

    SoftRoceNic(Endpoint endpoint, Fabric fabric, MemoryManager memoryManager, Scheduler scheduler,
            SoftRoceConfig config, CpuCore txCore, CpuCore rxCore, Metrics metrics, RandomGenerator random) {
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.regions = new PinnedRegions(memoryManager);
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.config = Objects.requireNonNull(config, "config is null");
        this.txCore = Objects.requireNonNull(txCore, "txCore is null");
        this.rxCore = Objects.requireNonNull(rxCore, "rxCore is null");
        this.port = fabric.attach(endpoint, fabric.defaultLink(), this::receive);
        this.settings = new RcSettings(config.mtu(), LocalAckTimeout.nanos(config.localAckTimeout()),
                config.minRnrTimer());
        this.packetsOut = DmaplaneStatistics.RXE_PACKETS.counter(metrics);
        this.rnrNaks = DmaplaneStatistics.RXE_RNR_NAKS.counter(metrics);
        this.timeouts = DmaplaneStatistics.RXE_TIMEOUTS.counter(metrics);
        this.unknown = DmaplaneStatistics.RXE_UNKNOWN_QP.counter(metrics);
        this.transmitter = new SoftRoceTransmitter(config, txCore, rxCore, port, packetsOut::increment, random);
        this.queuePairs = new RcQueuePairs<>("this Soft-RoCE device", new Link(), settings);
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
            return new RegistrationResult.Refused("Soft-RoCE has no on-demand paging; register pinned memory");
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

    // ---- the engine's view of this NIC ----

    /** The clock, memory, software transmit path and counters as the transport engine sees them. */
    private final class Link extends PortLink {
        Link() {
            super(scheduler, memoryManager.physicalMemory(), port, transmitter::kick, timeouts);
        }

        @Override
        public Packet packet(Endpoint destination, int headerBytes, RcHeader header, Payload payload) {
            // RoCEv2 encapsulation (Ethernet, IP, UDP around the BTH), not the IB link headers
            return super.packet(destination, config.headerBytes(), header, payload);
        }

        @Override
        public void countRnrReceived() {
            rnrNaks.increment();
        }
    }

    /** A packet arrived: the responder or completer takes it in on the receive core, then the engine. */
    private void receive(Packet packet) {
        RcQueuePairEngine<PinnedRegions.Region> qp = queuePairs.destination(packet);
        if (qp == null) {
            unknown.increment();
            return;
        }
        Object header = packet.header();
        String step = header instanceof RcHeader.Ack || header instanceof RcHeader.ReadResponse
                ? "rxe/completer" : "rxe/responder";
        rxCore.run(step, WorkPriority.SOFTIRQ, transmitter.receiveCost(packet), () -> qp.onPacket(packet));
    }
}
