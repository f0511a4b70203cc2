package org.iopf.plugin.pldma;

import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.fabric.FabricPort;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.api.fabric.Packet;
import org.iopf.api.mem.Payload;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.nic.MtuSplit;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.NodeId;
import org.iopf.api.sim.Time;

/**
 * The FORTH PLDMA engine (seed 000 §2.3, FIDELITY A4): virtualised channels (64 per protection
 * domain), at most 1024 transfers accepted at once, two of them active per channel (double
 * buffering) and the rest queued behind, each transfer moved as 256-byte MTU packets over the
 * fabric to the PLDMA of the destination node (the component of the same name there). The sender
 * translates every packet's source through its node's IOMMU, the receiver every packet's
 * destination through its own; a fault pauses that transfer only, and the packet is sent again
 * after the fault is resolved (RESUME). Per-packet ACK/NACK with fast retransmission on a NACK or
 * when a packet or its ACK is lost.
 *
 * <p>The engine also hosts the Cortex-R5 transfer scheduler of its node ({@link #r5()}), which the
 * user library ({@link PldmaLibrary}) talks to.
 *
 * <p>A 1025th transfer is refused with {@link DmaSubmitResult#BUSY}; the R5 firmware keeps such a
 * block queued and submits it when a transfer completes.
 */
final class PldmaEngine implements DmaEngine, Inspectable {
    private final ComponentContext context;
    private final Iommu iommu;
    private final PhysicalMemory memory;
    private final FabricPort port;
    private final long mtu;
    private final int headerBytes;
    private final int channelsPerDomain;
    private final int maxConcurrent;
    private final long retransmitTimeout;
    private final long hangEvery;
    private final int transportRetries;
    private final String track;
    private final Map<WireKey, OutboundTransfer> outbound = new HashMap<>();
    private final Map<WireKey, PendingRead> reads = new HashMap<>();
    private final ChannelTable channels;
    private final PldmaReceiver receiver;
    private final TransferServices services;
    private final Callbacks callbacks = new Callbacks();
    private final ArrayDeque<OutboundTransfer> ready = new ArrayDeque<>();
    private final ArrayDeque<Packet> control = new ArrayDeque<>();
    private final Counter packetsSent;
    private final Counter packetsReceived;
    private final Counter retransmissions;
    private final Counter nacksReceived;
    private final Counter timeouts;
    private final Counter localFaults;
    private final Counter busy;
    private final Counter completed;
    private final Counter hangs;
    private final Counter aborts;
    private final org.iopf.api.observe.Histogram recovery;
    private final R5Scheduler r5;
    /** Exact total of the {@code recovery} histogram (whose mean is bucketed), ns. */
    private long recoveryNanos;
    private TransferObserver observer = TransferObserver.NONE;
    private boolean transmitScheduled;
    private long nextSerial;
    private long activations;
    private int inFlight;
    private int peakInFlight;

    @Inject
    PldmaEngine(ComponentContext context, Iommu iommu, MemoryManager memoryManager, Fabric fabric) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.memory = memoryManager.physicalMemory();
        var p = context.parameters();
        // ranges are declared, and checked, in PldmaEngineType; a power of two is not a range
        this.mtu = p.get(PldmaEngineType.MTU);
        if (Long.bitCount(mtu) != 1) {
            throw new IllegalArgumentException(context.path() + ": mtu must be a power of two from 64 B to 4 KiB: "
                    + mtu);
        }
        this.headerBytes = Math.toIntExact(p.get(PldmaEngineType.HEADER_BYTES));
        this.channelsPerDomain = p.get(PldmaEngineType.CHANNELS_PER_DOMAIN);
        this.maxConcurrent = p.get(PldmaEngineType.MAX_CONCURRENT);
        int buffersPerChannel = p.get(PldmaEngineType.BUFFERS_PER_CHANNEL);
        this.retransmitTimeout = p.get(PldmaEngineType.RETRANSMIT_TIMEOUT);
        this.hangEvery = p.get(PldmaEngineType.HANG_EVERY);
        this.transportRetries = p.get(PldmaEngineType.TRANSPORT_RETRIES);
        LinkSpec fabricLink = fabric.defaultLink();
        LinkSpec link = new LinkSpec(p.get(PldmaEngineType.RATE), fabricLink.latencyNanos(),
                fabricLink.lossProbability());
        this.port = fabric.attach(new Endpoint(context.node(), context.name()), link, this::receive);
        this.track = context.path();
        var m = context.metrics();
        this.packetsSent = PldmaStatistics.PACKETS_SENT.counter(m);
        this.packetsReceived = PldmaStatistics.PACKETS_RECEIVED.counter(m);
        this.retransmissions = PldmaStatistics.RETRANSMISSIONS.counter(m);
        this.nacksReceived = PldmaStatistics.NACKS_RECEIVED.counter(m);
        this.timeouts = PldmaStatistics.TIMEOUTS.counter(m);
        this.localFaults = PldmaStatistics.FAULTS_SOURCE.counter(m);
        this.busy = PldmaStatistics.REFUSED_BUSY.counter(m);
        this.completed = PldmaStatistics.COMPLETED.counter(m);
        this.hangs = PldmaStatistics.STUCK.counter(m);
        this.aborts = PldmaStatistics.RESET.counter(m);
        this.recovery = PldmaStatistics.RECOVERY.histogram(m);
        PldmaStatistics.ACTIVE.gauge(m, () -> inFlight);
        PldmaStatistics.PEAK.gauge(m, () -> peakInFlight);
        this.channels = new ChannelTable(buffersPerChannel);
        this.services = new TransferServices(context.scheduler(), iommu, memory, mtu, retransmitTimeout,
                transportRetries, port.endpoint(), headerBytes);
        this.receiver = new PldmaReceiver(callbacks, context.scheduler(), iommu, memory, m);
        this.r5 = new R5Scheduler(context, this);
    }

    // ---- DmaEngine ----

    @Override
    public int channelsPerDomain() {
        return channelsPerDomain;
    }

    @Override
    public int maxConcurrentTransfers() {
        return maxConcurrent;
    }

    @Override
    public int inFlight() {
        return inFlight;
    }

    /** The most transfers that were in flight at once since the start or the last {@link #resetPeak}. */
    int peakInFlight() {
        return peakInFlight;
    }

    /** Source translations that faulted so far. */
    long sourceFaults() {
        return localFaults.value();
    }

    /** Destination translations that faulted so far. */
    long destinationFaults() {
        return receiver.faults();
    }

    /** Starts measuring the peak of transfers in flight afresh. */
    void resetPeak() {
        peakInFlight = inFlight;
    }

    /** Pauses of transfers on a fault that have ended (RESUME or the local handler's retry). */
    long recoveries() {
        return recovery.count();
    }

    /** Total time transfers spent paused on faults, ns. */
    long recoveryNanos() {
        return recoveryNanos;
    }

    /** The goodput of a saturated port: its rate times the payload share of a full MTU packet, bits/s. */
    double idealGoodputBps() {
        return port.link().rate().bitsPerSecond() * mtu / (mtu + headerBytes);
    }

    @Override
    public DmaSubmitResult submit(DmaDescriptor descriptor, Consumer<DmaCompletion> onComplete) {
        return submitWrite(descriptor, newKey(), onComplete);
    }

    /** A fresh key for a transfer this node initiates. */
    WireKey newKey() {
        return new WireKey(context.node(), nextSerial++);
    }

    /**
     * Submits a transfer from a local source to {@code descriptor.destinationNode()} under {@code key};
     * the R5 firmware reuses a block's key when it submits the block again after a reset.
     */
    DmaSubmitResult submitWrite(DmaDescriptor descriptor, WireKey key, Consumer<DmaCompletion> onComplete) {
        Objects.requireNonNull(descriptor, "descriptor is null");
        Objects.requireNonNull(onComplete, "onComplete is null");
        Optional<ChannelTable.ChannelId> channel = channelFor(descriptor.stream(), descriptor.channel());
        if (channel.isEmpty() || outbound.containsKey(key) || reads.containsKey(key)) {
            return DmaSubmitResult.INVALID;
        }
        if (!admitOne()) {
            return DmaSubmitResult.BUSY;
        }
        OutboundTransfer transfer = new OutboundTransfer(services, callbacks, key, descriptor,
                new Endpoint(descriptor.destinationNode(), context.name()), onComplete, true);
        outbound.put(key, transfer);
        channels.occupy(key, channel.get(), transfer);
        return DmaSubmitResult.ACCEPTED;
    }

    /**
     * Submits an RDMA READ of {@code length} bytes from {@code remoteSource} on {@code remote} into
     * {@code localDestination} on this node; its completion's descriptor has the remote source as
     * source and this node as destination.
     */
    DmaSubmitResult submitRead(WireKey key, StreamId stream, int channel, long localDestination, NodeId remote,
            long remoteSource, long length, Consumer<DmaCompletion> onComplete) {
        Objects.requireNonNull(onComplete, "onComplete is null");
        Optional<ChannelTable.ChannelId> channelId = channelFor(stream, channel);
        if (channelId.isEmpty() || outbound.containsKey(key) || reads.containsKey(key)) {
            return DmaSubmitResult.INVALID;
        }
        if (!admitOne()) {
            return DmaSubmitResult.BUSY;
        }
        DmaDescriptor descriptor = new DmaDescriptor(key.serial(), stream, channel, remoteSource, context.node(),
                localDestination, length);
        PendingRead read = new PendingRead(callbacks, now(), key, descriptor, new Endpoint(remote, context.name()), onComplete);
        reads.put(key, read);
        channels.occupy(key, channelId.get(), read);
        return DmaSubmitResult.ACCEPTED;
    }

    private Optional<ChannelTable.ChannelId> channelFor(StreamId stream, int channel) {
        Optional<DomainId> domain = iommu.domainOf(stream);
        if (channel >= channelsPerDomain || domain.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ChannelTable.ChannelId(domain.get().value(), channel));
    }

    private boolean admitOne() {
        if (inFlight >= maxConcurrent) {
            busy.increment();
            return false;
        }
        inFlight++;
        peakInFlight = Math.max(peakInFlight, inFlight);
        return true;
    }

    /**
     * Resets the transfer with {@code key} (the R5 watchdog's recovery of a stuck or silent
     * transfer): it stops at once, frees its channel buffer and is not completed; the firmware may
     * submit it again under the same key.
     *
     * @return whether a transfer was reset
     */
    boolean reset(WireKey key) {
        OutboundTransfer transfer = outbound.remove(key);
        if (transfer != null) {
            boolean wasActive = transfer.state != OutboundTransfer.State.QUEUED;
            transfer.endQuietly();
            channels.release(key, transfer, wasActive);
            inFlight--;
            aborts.increment();
            return true;
        }
        PendingRead read = reads.remove(key);
        if (read != null) {
            channels.release(key, read, read.active);
            inFlight--;
            aborts.increment();
            return true;
        }
        return false;
    }

    /** Lets the R5 firmware follow faults and resumes of transfers. */
    void observe(TransferObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer is null");
    }

    /** The node's R5 transfer scheduler. */
    R5Scheduler r5() {
        return r5;
    }

    /** The component's context (its node, parameters, cores and tracer). */
    ComponentContext context() {
        return context;
    }

    private long now() {
        return context.scheduler().now();
    }

    // ---- what transfers and the receiver tell the engine ----

    /** The engine's side of {@link TransferEvents} and {@link ReceiverEvents}. */
    private final class Callbacks implements TransferEvents, ReceiverEvents {
        @Override
        public boolean sticksOnActivation() {
            activations++;
            boolean stuck = hangEvery > 0 && activations % hangEvery == 0;
            if (stuck) {
                hangs.increment();
            }
            return stuck;
        }

        @Override
        public void ready(OutboundTransfer transfer) {
            kick(transfer);
        }

        @Override
        public void sourceFaulted(OutboundTransfer transfer, FaultRecord fault) {
            localFaults.increment();
            transfer.pausedAt = now();
            instant(transfer, "pldma/fault", fault.id());
            observer.faulted(transfer.key);
        }

        @Override
        public void destinationFaulted(OutboundTransfer transfer) {
            transfer.pausedAt = now();
            instant(transfer, "pldma/remote-fault", 0);
            observer.faulted(transfer.key);
        }

        @Override
        public void resumed(OutboundTransfer transfer, long faultId) {
            long paused = now() - transfer.pausedAt;
            recovery.record(paused);
            recoveryNanos += paused;
            if (context.tracer().enabled()) {
                context.tracer().slice(track + "/ch" + transfer.descriptor.channel(), "pldma/paused",
                        transfer.pausedAt, paused, faultId);
            }
            instant(transfer, "pldma/resume", faultId);
            observer.resumed(transfer.key);
        }

        @Override
        public void retransmitted() {
            retransmissions.increment();
        }

        @Override
        public void timedOut(OutboundTransfer transfer) {
            timeouts.increment();
            instant(transfer, "pldma/retransmit-timeout", 0);
        }

        @Override
        public void finished(OutboundTransfer transfer, DmaStatus status) {
            finish(transfer, status);
        }

        @Override
        public void sendControl(Endpoint destination, PldmaHeader header) {
            PldmaEngine.this.sendControl(destination, header);
        }

        @Override
        public void readArrived(WireKey key) {
            PldmaEngine.this.readArrived(key);
        }

        @Override
        public void readFailed(WireKey key) {
            PldmaEngine.this.readFailed(key);
        }
    }

    private void instant(OutboundTransfer transfer, String name, long flow) {
        if (context.tracer().enabled()) {
            context.tracer().instant(track + "/ch" + transfer.descriptor.channel(), name, flow);
        }
    }

    /** A transfer ended by itself (OK or failed): free its buffer and complete it. */
    private void finish(OutboundTransfer transfer, DmaStatus status) {
        if (outbound.remove(transfer.key) == null) {
            return;
        }
        if (!transfer.holdsChannel) {
            return; // the responder's half of a remote read: the requester completes it
        }
        channels.release(transfer.key, transfer, true);
        long bytes = status == DmaStatus.OK ? transfer.descriptor.length() : transfer.ackedBytes();
        complete(transfer.descriptor, status, bytes, transfer.submitted, transfer.onComplete);
    }

    private void complete(DmaDescriptor descriptor, DmaStatus status, long bytes, long submitted,
            Consumer<DmaCompletion> onComplete) {
        inFlight--;
        completed.increment();
        long now = now();
        if (context.tracer().enabled()) {
            context.tracer().slice(track + "/ch" + descriptor.channel(), "pldma/transfer", submitted, now - submitted,
                    0);
        }
        onComplete.accept(new DmaCompletion(descriptor, status, bytes, submitted, now));
    }

    // ---- the port ----

    /** A transfer has a packet prepared: give it a turn on the port. */
    private void kick(OutboundTransfer transfer) {
        if (!transfer.queuedForTx) {
            transfer.queuedForTx = true;
            ready.addLast(transfer);
        }
        scheduleTransmit();
    }

    private void sendControl(Endpoint destination, PldmaHeader header) {
        control.addLast(new Packet(port.endpoint(), destination, headerBytes, header, Payload.empty()));
        scheduleTransmit();
    }

    private void scheduleTransmit() {
        if (!transmitScheduled && (!ready.isEmpty() || !control.isEmpty())) {
            transmitScheduled = true;
            context.scheduler().scheduleAt(Math.max(now(), port.transmitBusyUntil()), this::transmit);
        }
    }

    /** Sends one packet, control packets first, data round-robin over the transfers, then waits. */
    private void transmit() {
        transmitScheduled = false;
        Packet packet = control.pollFirst();
        while (packet == null && !ready.isEmpty()) {
            packet = ready.pollFirst().takePrepared();
        }
        if (packet != null) {
            packetsSent.increment();
            port.send(packet);
        }
        scheduleTransmit();
    }

    private void receive(Packet packet) {
        packetsReceived.increment();
        Object header = packet.header();
        if (header instanceof PldmaHeader.Data data) {
            receiver.onData(packet, data);
        } else if (header instanceof PldmaHeader.Ack ack) {
            OutboundTransfer transfer = outbound.get(ack.key());
            if (transfer != null) {
                transfer.onAck(ack.received());
            }
        } else if (header instanceof PldmaHeader.Nack nack) {
            onNack(nack);
        } else if (header instanceof PldmaHeader.Resume resume) {
            OutboundTransfer transfer = outbound.get(resume.key());
            if (transfer != null) {
                transfer.onResume(resume.psn());
            }
        } else if (header instanceof PldmaHeader.ReadRequest request) {
            serveRead(packet.source(), request);
        }
    }

    private void onNack(PldmaHeader.Nack nack) {
        nacksReceived.increment();
        OutboundTransfer transfer = outbound.get(nack.key());
        if (transfer != null) {
            transfer.onNack(nack.psn(), nack.reason());
            return;
        }
        if (nack.reason() == PldmaHeader.NackReason.FATAL) {
            readFailed(nack.key());
        }
    }

    private void serveRead(Endpoint requester, PldmaHeader.ReadRequest request) {
        if (outbound.containsKey(request.key())) {
            return; // already being served; a repeated request after a reset finds it here
        }
        DmaDescriptor descriptor = new DmaDescriptor(request.key().serial(), new StreamId(request.stream()), 0,
                request.source(), requester.node(), request.destination(), request.length());
        OutboundTransfer transfer = new OutboundTransfer(services, callbacks, request.key(), descriptor, requester,
                c -> { },
                false);
        outbound.put(request.key(), transfer);
        transfer.activate();
    }

    /** The last packet of the transfer {@code key} has been written here: a read waiting for it completes. */
    private void readArrived(WireKey key) {
        PendingRead read = reads.remove(key);
        if (read != null) {
            channels.release(key, read, true);
            complete(read.descriptor, DmaStatus.OK, read.descriptor.length(), read.submitted, read.onComplete);
        }
    }

    /** The transfer {@code key} cannot arrive here: a read waiting for it fails. */
    private void readFailed(WireKey key) {
        PendingRead read = reads.remove(key);
        if (read != null) {
            long bytes = Math.min(read.descriptor.length(),
                    MtuSplit.offset(read.descriptor.source(), mtu, receiver.received(key)));
            channels.release(key, read, read.active);
            complete(read.descriptor, DmaStatus.FAULT_TERMINATED, bytes, read.submitted, read.onComplete);
        }
    }

    // ---- Inspectable ----

    @Override
    public List<String> views() {
        return List.of("channels", "transfers", "r5");
    }

    @Override
    public List<String> render(String view) {
        List<String> lines = new ArrayList<>();
        switch (view) {
            case "channels" -> lines.addAll(channels.render());
            case "transfers" -> {
                lines.add(String.format("in flight %d (peak %d, limit %d), completed %d, refused busy %d, reset %d",
                        inFlight, peakInFlight, maxConcurrent, completed.value(), busy.value(), aborts.value()));
                outbound.values().stream().sorted((a, b) -> Long.compare(a.key.serial(), b.key.serial()))
                        .forEach(t -> lines.add(String.format("%s#%d ch%d %s acked %d/%d packets since %s",
                                t.key.initiator(), t.key.serial(), t.descriptor.channel(), t.state, t.acked(),
                                t.packets, Time.format(t.submitted))));
            }
            case "r5" -> lines.addAll(r5.describe());
            default -> throw new IllegalArgumentException("no view '" + view + "'; views are " + views());
        }
        return lines;
    }
}
