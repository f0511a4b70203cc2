package org.iopf.plugin.dmaplane;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
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

/**
 * The built-in Soft-RoCE-like transport (rxe, seed 004 §4.3) that dmaplane uses when its node has
 * no NIC component: RDMA verbs done in software. The requester (per work request and per packet:
 * WQE handling, skb, headers, payload copy and ICRC) runs on the transmit core, the responder and
 * the completer (per packet, per ACK) on the receive core; packets cross the platform's fabric
 * link. So its throughput is bounded by those cores and the link, and its round trip by the fabric
 * latency plus the software steps. Reliable connection with one cumulative ACK per message,
 * RNR NAK with go-back to the refused message, and a per-request ACK timeout that goes back to the
 * unacknowledged message and sends it again, up to the queue pair's retry count in a row, then
 * fails the queue pair.
 */
final class SoftRoceNic implements Nic {
    private final MemoryManager memoryManager;
    private final Scheduler scheduler;
    private final SoftRoceConfig config;
    private final FabricPort port;
    private final CpuCore txCore;
    private final CpuCore rxCore;
    private final Map<Integer, RxeRegion> regions = new TreeMap<>();
    private final Map<Integer, RxeQueuePair> queuePairs = new TreeMap<>();
    private final Counter packetsOut;
    private final Counter rnrNaks;
    private final Counter timeouts;
    private final Counter unknown;
    private int nextPdn = 1;
    private int nextKey = 1;
    private int nextQpn = 1;

    SoftRoceNic(Endpoint endpoint, Fabric fabric, MemoryManager memoryManager, Scheduler scheduler,
            SoftRoceConfig config, CpuCore txCore, CpuCore rxCore, Metrics metrics) {
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.config = Objects.requireNonNull(config, "config is null");
        this.txCore = Objects.requireNonNull(txCore, "txCore is null");
        this.rxCore = Objects.requireNonNull(rxCore, "rxCore is null");
        this.port = fabric.attach(endpoint, fabric.defaultLink(), this::receive);
        this.packetsOut = DmaplaneStatistics.RXE_PACKETS.counter(metrics);
        this.rnrNaks = DmaplaneStatistics.RXE_RNR_NAKS.counter(metrics);
        this.timeouts = DmaplaneStatistics.RXE_TIMEOUTS.counter(metrics);
        this.unknown = DmaplaneStatistics.RXE_UNKNOWN_QP.counter(metrics);
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
            return new RegistrationResult.Refused("Soft-RoCE has no on-demand paging; register pinned memory");
        }
        AddressSpace space = pd.space();
        long pinLength = Math.max(1, length);
        PinResult pinned = memoryManager.pin(space, address, pinLength);
        if (pinned != PinResult.PINNED) {
            return new RegistrationResult.Refused("pinning " + length + " B failed: " + pinned);
        }
        long page = PageSize.BASE.bytes();
        long first = PageSize.BASE.alignDown(address);
        long[] frames = new long[Math.toIntExact((PageSize.BASE.alignUp(address + pinLength) - first) / page)];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = memoryManager.translate(space, first + i * page, Access.READ).orElseThrow();
        }
        int key = nextKey++;
        MemoryRegion region = new MemoryRegion(key, key, pd.pdn(), address, length, remoteWrite, remoteRead, false);
        regions.put(key, new RxeRegion(region, space, frames));
        return new RegistrationResult.Registered(region);
    }

    @Override
    public void deregisterMemory(MemoryRegion region) {
        RxeRegion removed = regions.remove(region.lkey());
        if (removed != null) {
            memoryManager.unpin(removed.space(), region.address(), Math.max(1, region.length()));
        }
    }

    @Override
    public CompletionQueue createCompletionQueue(int capacity) {
        return new BoundedCompletionQueue(capacity);
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain pd, CompletionQueue sendQueue, CompletionQueue receiveQueue,
            QueuePairConfig config) {
        if (!(sendQueue instanceof BoundedCompletionQueue send) || !(receiveQueue instanceof BoundedCompletionQueue recv)) {
            throw new IllegalArgumentException("completion queues must come from this Soft-RoCE device");
        }
        RxeQueuePair qp = new RxeQueuePair(this, nextQpn++, Objects.requireNonNull(pd, "pd is null"), send, recv,
                Objects.requireNonNull(config, "config is null"));
        queuePairs.put(qp.qpn(), qp);
        return qp;
    }

    // ---- services for queue pairs ----

    SoftRoceConfig config() {
        return config;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    MemoryManager memoryManager() {
        return memoryManager;
    }

    CpuCore txCore() {
        return txCore;
    }

    CpuCore rxCore() {
        return rxCore;
    }

    RxeRegion region(int key) {
        return regions.get(key);
    }

    void countRnrNak() {
        rnrNaks.increment();
    }

    void countTimeout() {
        timeouts.increment();
    }

    /** Puts a packet on the wire. */
    void send(Endpoint destination, RxeHeader header, org.iopf.api.mem.Payload payload) {
        packetsOut.increment();
        port.send(new Packet(port.endpoint(), destination, config.headerBytes(), header, payload));
    }

    private void receive(Packet packet) {
        if (!(packet.header() instanceof RxeHeader header)) {
            unknown.increment();
            return;
        }
        RxeQueuePair qp = queuePairs.get(header.destinationQpn());
        if (qp == null) {
            unknown.increment();
            return;
        }
        qp.onPacket(header, packet.payload());
    }
}
