package org.iopf.plugin.ethernetbackupring;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.Payload;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Event;

/**
 * A 10 GbE NIC (FIDELITY C1) whose receive descriptors point at unpinned user buffers translated
 * through the node's IOMMU, carrying a TCP-like byte stream. The transmit side cuts each stream
 * into MSS segments under the sender's congestion control and sends one frame whenever the port is
 * free; the receive side ({@link RxPath}) translates, drops on a fault (cold ring), or diverts to
 * the backup ring of its IOprovider, per the connection's {@link RxMode}.
 *
 * <p>An Ethernet NIC has no RDMA verbs: it fills the NIC role so that workloads find it on its
 * node, refuses memory registration and has no queue pairs. Streams are opened by the
 * {@code eth-stream} workload through {@link #openSender} and {@link #openReceiver}.
 */
final class EthernetNic implements Nic, Inspectable {
    private final ComponentContext context;
    private final MemoryManager memoryManager;
    private final Iommu iommu;
    private final NicSettings settings;
    private final FabricPort port;
    private final BandwidthResource rxDma;
    private final CpuCore rxCore;
    private final int streamId;
    private final List<Transmitter> senders = new ArrayList<>();
    private final Map<Integer, Transmitter> sendersByFlow = new HashMap<>();
    private final Map<Integer, RxPath> receivers = new HashMap<>();
    private final Counter txBytes;
    private final Counter txFrames;
    private final Counter unknownFlow;
    private int nextSender;
    private boolean transmitScheduled;
    private final Event transmit = this::transmit;
    private BackupRing ring;
    private TcpStats tcpStats;

    /** A sending stream: its transport and where its frames go. */
    private record Transmitter(TcpSender tcp, Endpoint destination, Payload content) {
    }

    @Inject
    EthernetNic(ComponentContext context, MemoryManager memoryManager, Fabric fabric, Iommu iommu) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.settings = NicSettings.of(context.parameters());
        LinkSpec fabricLink = fabric.defaultLink();
        this.port = fabric.attach(new Endpoint(context.node(), context.name()),
                new LinkSpec(settings.rate(), fabricLink.latencyNanos(), fabricLink.lossProbability()), this::receive);
        this.rxDma = context.resources().bandwidth(context.name() + ".rxDma", settings.rxDmaRate());
        String core = context.parameters().get(EthernetNicType.RX_CORE);
        if (core.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(context.path() + ": the node has no CPU core for the receive path");
        }
        this.rxCore = core.isEmpty() ? context.resources().cores().get(0) : context.resources().requireCore(core);
        this.streamId = context.parameters().get(EthernetNicType.STREAM_ID);
        this.txBytes = NicStatistics.TX_BYTES.counter(context.metrics());
        this.txFrames = NicStatistics.TX_FRAMES.counter(context.metrics());
        this.unknownFlow = NicStatistics.RX_UNKNOWN_FLOW.counter(context.metrics());
    }

    @Override
    public Endpoint endpoint() {
        return port.endpoint();
    }

    // ---- streams ----

    /**
     * Starts sending {@code content} (the whole stream) as connection {@code flow} to
     * {@code destination}, whose receiver advertised {@code window} bytes.
     *
     * @return the sender, to watch its progress
     */
    TcpSender openSender(int flow, Endpoint destination, Payload content, long window) {
        Objects.requireNonNull(destination, "destination is null");
        Objects.requireNonNull(content, "content is null");
        if (sendersByFlow.containsKey(flow)) {
            throw new IllegalArgumentException("flow " + flow + " is open already on " + context.path());
        }
        if (tcpStats == null) {
            tcpStats = new TcpStats(context.metrics(), context.tracer(), context.path());
        }
        TcpStats stats = tcpStats;
        TcpSender tcp = new TcpSender(flow, content.length(), window, settings.tcp(), context.scheduler(), stats,
                this::kick);
        Transmitter t = new Transmitter(tcp, destination, content);
        senders.add(t);
        sendersByFlow.put(flow, t);
        kick();
        return tcp;
    }

    /**
     * Opens the receive side of connection {@code flow} into {@code buffer}: attaches the NIC's
     * stream to the IOMMU domain of the buffer's process, mirrors the process's resident pages into
     * the IOMMU (and keeps the mirror current through an MMU notifier), and creates the backup ring
     * if the mode uses one.
     *
     * @param total the stream's length in bytes
     * @param delivery hears the bytes delivered to the application
     */
    RxPath openReceiver(int flow, RxMode mode, RxBuffer buffer, long total, TcpReceiver.Delivery delivery) {
        Objects.requireNonNull(mode, "mode is null");
        Objects.requireNonNull(buffer, "buffer is null");
        if (!receivers.isEmpty()) {
            throw new IllegalArgumentException(context.path() + " receives one flow (one IOMMU stream, one rx "
                    + "queue); flow " + receivers.keySet().iterator().next() + " is open already");
        }
        IommuMirror mirror = IommuMirror.attach(iommu, memoryManager, streamId, buffer, context.metrics());
        if (mode.usesBackupRing() && ring == null) {
            ring = new BackupRing(memoryManager, context.name(), settings.backupRingSlots(), settings.slotBytes(),
                    context.metrics());
        }
        TcpReceiver tcp = new TcpReceiver(total, settings.tcp().mss(), buffer.length(), delivery);
        RxPath path = new RxPath(context, settings, mode, buffer, tcp, mirror, memoryManager.physicalMemory(), rxDma,
                rxCore, mode.usesBackupRing() ? new IoProvider(ring, rxCore, settings.copyRate(), context) : null,
                (destination, ack) -> port.send(new Packet(port.endpoint(), destination,
                        EthHeader.MIN_WIRE_FRAME + EthHeader.sackOptionBytes(ack.sack().size()), ack,
                        Payload.empty())));
        receivers.put(flow, path);
        return path;
    }

    /** The core that runs the receive path and the IOprovider. */
    CpuCore rxCore() {
        return rxCore;
    }

    /** The backup ring, if a receiver uses one. */
    BackupRing backupRing() {
        return ring;
    }

    // ---- transmit ----

    private void kick() {
        if (!transmitScheduled && anySendable()) {
            transmitScheduled = true;
            context.scheduler().scheduleAt(Math.max(context.scheduler().now(), port.transmitBusyUntil()),
                    transmit);
        }
    }

    private boolean anySendable() {
        for (int i = 0; i < senders.size(); i++) {
            if (senders.get(i).tcp().hasSegment()) {
                return true;
            }
        }
        return false;
    }

    /** Sends one segment from the next sender in turn, then waits for the port to be free. */
    private void transmit() {
        transmitScheduled = false;
        for (int i = 0; i < senders.size(); i++) {
            Transmitter t = senders.get((nextSender + i) % senders.size());
            if (t.tcp().hasSegment()) {
                nextSender = (nextSender + i + 1) % senders.size();
                EthHeader.Segment segment = t.tcp().nextSegment();
                Payload payload = t.content().slice(segment.seq(), segment.length());
                port.send(new Packet(port.endpoint(), t.destination(),
                        EthHeader.TCP_IP_HEADERS + EthHeader.ETHERNET_OVERHEAD, segment, payload));
                txBytes.add(segment.length());
                txFrames.increment();
                break;
            }
        }
        kick();
    }

    // ---- receive ----

    private void receive(Packet packet) {
        if (packet.header() instanceof EthHeader.Ack ack) {
            Transmitter t = sendersByFlow.get(ack.flow());
            if (t == null) {
                unknownFlow.increment();
                return;
            }
            t.tcp().onAck(ack.ack(), ack.window(), ack.sack());
        } else if (packet.header() instanceof EthHeader.Segment segment) {
            RxPath path = receivers.get(segment.flow());
            if (path == null) {
                unknownFlow.increment();
                return;
            }
            path.onSegment(packet, segment);
        } else {
            unknownFlow.increment();
        }
    }

    // ---- the verbs an Ethernet NIC does not have ----

    @Override
    public ProtectionDomain allocateProtectionDomain(AddressSpace space) {
        Objects.requireNonNull(space, "space is null");
        return new ProtectionDomain() {
            @Override
            public int pdn() {
                return 1;
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
        return new RegistrationResult.Refused(context.path() + " is an Ethernet NIC: it has no RDMA memory "
                + "registration; its rx buffers are opened by the eth-stream workload");
    }

    @Override
    public void deregisterMemory(MemoryRegion region) {
    }

    @Override
    public CompletionQueue createCompletionQueue(int capacity) {
        throw new UnsupportedOperationException(context.path() + " is an Ethernet NIC: no completion queues");
    }

    @Override
    public QueuePair createQueuePair(ProtectionDomain pd, CompletionQueue sendQueue, CompletionQueue receiveQueue,
            QueuePairConfig config) {
        throw new UnsupportedOperationException(context.path() + " is an Ethernet NIC: no queue pairs");
    }

    // ---- inspection ----

    @Override
    public List<String> views() {
        return List.of("rx");
    }

    @Override
    public List<String> render(String view) {
        if (!"rx".equals(view)) {
            throw new IllegalArgumentException("no view '" + view + "'; views are " + views());
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%-6s %-22s %12s %12s %8s %8s", "flow", "mode", "delivered", "ackPoint", "pending",
                "faults"));
        receivers.keySet().stream().sorted().forEach(flow -> {
            RxPath p = receivers.get(flow);
            lines.add(String.format("%-6d %-22s %12d %12d %8d %8d", flow, p.mode().key(), p.delivered(),
                    p.receiver().ackPoint(), p.receiver().pendingSegments(), p.outstandingFaults()));
        });
        if (ring != null) {
            lines.add(String.format("backup ring: %d/%d slots in use (max %d), %d B pinned, %d overflows",
                    ring.occupancy(), ring.capacity(), ring.maxOccupancy(), ring.bytes(), ring.overflows()));
        }
        return lines;
    }
}
