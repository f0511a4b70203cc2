package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Packet;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.WorkPriority;

/**
 * The receive path of one connection (seed 001 §3). A new segment is taken into the NIC's packet
 * buffer (or dropped when it is full), each page of its place in the user buffer is translated
 * through the IOMMU, and then:
 * <ul>
 *   <li>every page translates: the receive DMA writes the frame into the user buffer, the rx core
 *       processes it, and it is acknowledged (zero copy);</li>
 *   <li>a page faults (the fault is raised to the OS in the background) and the mode is
 *       {@link RxMode#COLD_RING}: the packet is dropped, as a NIC without a backup ring must;</li>
 *   <li>a page faults and the mode uses a backup ring: the frame is written into a slot of the
 *       pinned backup ring (or dropped if the ring is full); when all its faults are resolved the
 *       IOprovider copies it into the user buffer. Until then nothing at or after it is
 *       acknowledged.</li>
 * </ul>
 * In {@link RxMode#BACKUP_RING_PROTOTYPE} every frame is written twice through the receive DMA
 * (user buffer and ring) and every frame is copied out of the ring by the IOprovider.
 */
final class RxPath {
    /** Sends an acknowledgement to the peer. */
    @FunctionalInterface
    interface AckSender {
        void send(Endpoint destination, EthHeader.Ack ack);
    }

    private final ComponentContext context;
    private final NicSettings settings;
    private final RxMode mode;
    private final RxBuffer buffer;
    private final TcpReceiver tcp;
    private final IommuMirror mirror;
    private final PhysicalMemory memory;
    private final BandwidthResource rxDma;
    private final CpuCore rxCore;
    /** Draws the per-segment receive CPU time; a constant draws nothing. */
    private final RandomGenerator random;
    private final IoProvider ioProvider;
    private final AckSender acks;
    private final FaultTracker faults = new FaultTracker();
    private final Tracer tracer;
    private final String track;
    private final Counter frames;
    private final Counter faultDrops;
    private final Counter fifoDrops;
    private final Counter ringDrops;
    private final Counter duplicates;
    private final Counter outOfWindow;
    private final Counter ackCount;
    private final Counter ringPackets;
    private final Counter faultsRaised;
    private final Counter staleDrops;
    private final Histogram faultToPlaced;
    private final Event acknowledge = this::acknowledge;
    /**
     * Hears every fault the IOMMU raised for this path: the fault's address names its page, so
     * one listener serves all translations (a hit never calls it).
     */
    private final FaultResolutionListener faultResolved =
            (record, resolution) -> faults.resolved(PageSize.BASE.alignDown(record.address()), record, resolution);
    private long fifoBytes;
    private Endpoint peer;
    private int flow;

    RxPath(ComponentContext context, NicSettings settings, RxMode mode, RxBuffer buffer, TcpReceiver tcp,
            IommuMirror mirror, PhysicalMemory memory, BandwidthResource rxDma, CpuCore rxCore, IoProvider ioProvider,
            AckSender acks) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.mode = Objects.requireNonNull(mode, "mode is null");
        this.buffer = Objects.requireNonNull(buffer, "buffer is null");
        this.tcp = Objects.requireNonNull(tcp, "tcp is null");
        this.mirror = Objects.requireNonNull(mirror, "mirror is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.rxDma = Objects.requireNonNull(rxDma, "rxDma is null");
        this.rxCore = Objects.requireNonNull(rxCore, "rxCore is null");
        this.random = context.random();
        if (mode.usesBackupRing() && ioProvider == null) {
            throw new IllegalArgumentException(mode.key() + " needs an IOprovider");
        }
        this.ioProvider = ioProvider;
        this.acks = Objects.requireNonNull(acks, "acks is null");
        this.tracer = context.tracer();
        this.track = context.path();
        Metrics rx = context.metrics();
        this.frames = NicStatistics.RX_FRAMES.counter(rx);
        this.faultDrops = NicStatistics.RX_FAULT_DROPS.counter(rx);
        this.fifoDrops = NicStatistics.RX_FIFO_DROPS.counter(rx);
        this.ringDrops = NicStatistics.RX_RING_FULL_DROPS.counter(rx);
        this.duplicates = NicStatistics.RX_DUPLICATES.counter(rx);
        this.outOfWindow = NicStatistics.RX_OUT_OF_WINDOW.counter(rx);
        this.ackCount = NicStatistics.RX_ACKS.counter(rx);
        this.ringPackets = NicStatistics.RX_BACKUP_RING_PACKETS.counter(rx);
        this.faultsRaised = NicStatistics.RX_FAULTS.counter(rx);
        this.staleDrops = NicStatistics.RX_STALE_DROPS.counter(rx);
        this.faultToPlaced = NicStatistics.RX_FAULT_TO_PLACED.histogram(rx);
    }

    /** The rx core's CPU time for one segment, drawn from the NIC's random stream. */
    private long rxCpu() {
        return settings.rxPacketCpu().draw(random);
    }

    /** A data segment arrived from the fabric. */
    void onSegment(Packet packet, EthHeader.Segment segment) {
        if (peer == null) {
            peer = packet.source();
            flow = segment.flow();
        }
        frames.increment();
        TcpReceiver.Arrival arrival = tcp.classify(segment);
        if (arrival == TcpReceiver.Arrival.OUT_OF_WINDOW) {
            outOfWindow.increment();
            return;
        }
        if (arrival == TcpReceiver.Arrival.DUPLICATE) {
            duplicates.increment();
            rxCore.run("eth/rx", WorkPriority.SOFTIRQ, rxCpu(), acknowledge);
            return;
        }
        long dma = settings.dmaBytes(segment.length());
        if (fifoBytes + dma > settings.rxFifoBytes()) {
            fifoDrops.increment();
            return;
        }
        fifoBytes += dma;
        tcp.accept(segment.seq());
        Placement placement = translate(segment, packet.payload(), dma);
        context.scheduler().schedule(placement.latency, placement);
    }

    /**
     * A frame taken in, from its translation until it is placed in the user buffer: where its
     * pieces go, the first fault if a page did not translate, and its ring slot. Its steps follow
     * one another (each schedules the next), so it is the event of every step and the listener of
     * its copy out of the ring: a frame costs no event objects of its own.
     */
    private final class Placement implements Event, IoProvider.CopyListener {
        final EthHeader.Segment segment;
        final Payload payload;
        final long dma;
        final long[] frames;
        /** The pages that faulted, in order; allocated at the first fault. */
        long[] faultedPages;
        long epoch;
        int faulted;
        FaultRecord firstFault;
        long latency;
        /** The backup-ring slot holding the frame, or -1. */
        int slot = -1;
        /** When a diverted frame's DMA into the ring started, for the trace. */
        long storeStart;
        /** What {@link #fire} does next. */
        Step next = Step.TRANSLATED;

        Placement(EthHeader.Segment segment, Payload payload, long dma) {
            this.segment = segment;
            this.payload = payload;
            this.dma = dma;
            frames = new long[segment.length() / 4096 + 2];
        }

        @Override
        public void fire() {
            switch (next) {
                case TRANSLATED -> afterTranslation(this);
                case WRITTEN_DIRECT -> afterDirectWrite(this);
                case PROCESSED_DIRECT -> afterDirectProcessing(this);
                case STORED_IN_RING -> afterRingStore(this);
                case PROCESSED_IN_RING -> awaitFaults(this);
            }
        }

        @Override
        public void placed() {
            if (firstFault != null) {
                faultToPlaced.record(context.scheduler().now() - firstFault.timeNanos());
            }
            RxPath.this.placed(segment.seq());
        }

        @Override
        public void lost() {
            RxPath.this.lost(segment.seq());
        }
    }

    /** The steps of a {@link Placement}, each the end of a wait in simulated time. */
    private enum Step {
        /** The IOMMU lookups are done. */
        TRANSLATED,
        /** The receive DMA wrote a frame whose pages all translated. */
        WRITTEN_DIRECT,
        /** The rx core processed that frame. */
        PROCESSED_DIRECT,
        /** The receive DMA wrote a frame with a faulted page into the backup ring. */
        STORED_IN_RING,
        /** The rx core processed that frame: it waits for its faults. */
        PROCESSED_IN_RING
    }

    /** Translates each piece of the segment's place in the user buffer (as {@link RxBuffer#forEachPiece}). */
    private Placement translate(EthHeader.Segment segment, Payload payload, long dma) {
        Placement placement = new Placement(segment, payload, dma);
        placement.epoch = mirror.epoch();
        int i = 0;
        for (long done = 0; done < segment.length(); i++) {
            long va = buffer.address(segment.seq() + done);
            translatePiece(placement, i, va, PageSize.BASE.alignDown(va));
            done += RxBuffer.pieceLength(va, segment.length() - done);
        }
        return placement;
    }

    private void translatePiece(Placement placement, int i, long va, long pageVa) {
        FaultRecord outstanding = faults.outstanding(pageVa);
        if (outstanding != null) {
            fault(placement, i, pageVa, outstanding);
            return;
        }
        Translation t = mirror.iommuTranslate(va, Access.WRITE, faultResolved);
        placement.latency += t.latencyNanos();
        if (t instanceof Translation.Hit hit) {
            placement.frames[i] = hit.physicalAddress();
        } else {
            FaultRecord raised = t.record().orElseThrow();
            faultsRaised.increment();
            faults.raised(pageVa, raised);
            fault(placement, i, pageVa, raised);
        }
    }

    private static void fault(Placement placement, int piece, long pageVa, FaultRecord record) {
        placement.frames[piece] = -1;
        if (placement.faultedPages == null) {
            placement.faultedPages = new long[placement.frames.length];
        }
        if (placement.faulted == 0 || placement.faultedPages[placement.faulted - 1] != pageVa) {
            placement.faultedPages[placement.faulted++] = pageVa;
        }
        if (placement.firstFault == null) {
            placement.firstFault = record;
        }
    }

    private void afterTranslation(Placement placement) {
        if (placement.faulted == 0) {
            deliverDirect(placement);
        } else if (mode.usesBackupRing()) {
            divert(placement);
        } else {
            faultDrops.increment();
            fifoBytes -= placement.dma;
            tcp.drop(placement.segment.seq());
            if (tracer.enabled()) {
                tracer.instant(track, "coldring/drop", placement.firstFault.id());
            }
        }
    }

    /** Every page translated: zero copy into the user buffer (and, in the prototype, the ring too). */
    private void deliverDirect(Placement placement) {
        if (mode == RxMode.BACKUP_RING_PROTOTYPE) {
            placement.slot = ioProvider.ring().allocate();
            if (placement.slot < 0) {
                dropForFullRing(placement.segment, placement.dma, 0);
                return;
            }
            rxDma.transfer(placement.dma, null);
        }
        placement.next = Step.WRITTEN_DIRECT;
        rxDma.transfer(placement.dma, placement);
    }

    private void afterDirectWrite(Placement placement) {
        fifoBytes -= placement.dma;
        if (placement.epoch != mirror.epoch()) {
            // The OS invalidated translations while the frame waited for the DMA: its frames
            // may be reused, so the NIC aborts the write and the frame is lost.
            staleDrops.increment();
            if (placement.slot >= 0) {
                ioProvider.ring().release(placement.slot);
            }
            tcp.drop(placement.segment.seq());
            return;
        }
        writePrimary(placement.segment, placement.payload, placement);
        if (placement.slot >= 0) {
            ioProvider.ring().store(placement.slot, placement.payload);
        }
        placement.next = Step.PROCESSED_DIRECT;
        rxCore.run("eth/rx", WorkPriority.SOFTIRQ, rxCpu(), placement);
    }

    private void afterDirectProcessing(Placement placement) {
        if (placement.slot >= 0) {
            ioProvider.copy(placement.slot, placement.segment.seq(), placement.segment.length(), buffer, 0,
                    placement);
        } else {
            placed(placement.segment.seq());
        }
    }

    /** Writes the pieces whose page translated (as {@link RxBuffer#forEachPiece} cuts them). */
    private void writePrimary(EthHeader.Segment segment, Payload payload, Placement placement) {
        int i = 0;
        for (long done = 0; done < segment.length(); i++) {
            long n = RxBuffer.pieceLength(buffer.address(segment.seq() + done), segment.length() - done);
            long pa = placement.frames[i];
            if (pa >= 0) {
                memory.write(pa, payload, done, n);
            }
            done += n;
        }
    }

    /** A page faulted: the frame goes to the backup ring and waits there for its faults. */
    private void divert(Placement placement) {
        placement.slot = ioProvider.ring().allocate();
        if (placement.slot < 0) {
            dropForFullRing(placement.segment, placement.dma, placement.firstFault.id());
            return;
        }
        placement.storeStart = context.scheduler().now();
        if (mode == RxMode.BACKUP_RING_PROTOTYPE) {
            rxDma.transfer(placement.dma, null);
        }
        placement.next = Step.STORED_IN_RING;
        rxDma.transfer(placement.dma, placement);
    }

    private void afterRingStore(Placement placement) {
        if (mode == RxMode.BACKUP_RING_PROTOTYPE && placement.epoch == mirror.epoch()) {
            writePrimary(placement.segment, placement.payload, placement);
        }
        ioProvider.ring().store(placement.slot, placement.payload);
        fifoBytes -= placement.dma;
        ringPackets.increment();
        long flowId = placement.firstFault.id();
        if (tracer.enabled()) {
            long storeStart = placement.storeStart;
            tracer.slice(track, "backupring/store", storeStart, context.scheduler().now() - storeStart, flowId);
        }
        placement.next = Step.PROCESSED_IN_RING;
        rxCore.run("backupring/rx", WorkPriority.SOFTIRQ, rxCpu(), flowId, placement);
    }

    private void awaitFaults(Placement placement) {
        EthHeader.Segment segment = placement.segment;
        int slot = placement.slot;
        tcp.pending(segment.seq());
        long since = placement.firstFault.timeNanos();
        long flowId = placement.firstFault.id();
        int[] waiting = {0};
        boolean[] terminated = {false};
        Runnable whenResolved = () -> {
            if (terminated[0]) {
                ioProvider.ring().release(slot);
                lost(segment.seq());
                return;
            }
            if (tracer.enabled()) {
                tracer.slice(track, "backupring/wait", since, context.scheduler().now() - since, flowId);
            }
            ioProvider.copy(slot, segment.seq(), segment.length(), buffer, flowId, placement);
        };
        for (int i = 0; i < placement.faulted; i++) {
            long pageVa = placement.faultedPages[i];
            if (faults.outstanding(pageVa) != null) {
                waiting[0]++;
                faults.await(pageVa, retry -> {
                    terminated[0] |= !retry;
                    if (--waiting[0] == 0) {
                        whenResolved.run();
                    }
                });
            }
        }
        if (waiting[0] == 0) {
            whenResolved.run();
        }
    }

    private void dropForFullRing(EthHeader.Segment segment, long dma, long flowId) {
        ringDrops.increment();
        fifoBytes -= dma;
        tcp.drop(segment.seq());
        if (tracer.enabled()) {
            tracer.instant(track, "backupring/overflow", flowId);
        }
    }

    private void placed(long seq) {
        tcp.placed(seq);
        acknowledge();
    }

    private void lost(long seq) {
        tcp.drop(seq);
        acknowledge();
    }

    private void acknowledge() {
        if (peer != null && tcp.mayAcknowledge()) {
            ackCount.increment();
            acks.send(peer, new EthHeader.Ack(flow, tcp.ackPoint(), tcp.window(),
                    settings.tcp().sack() ? tcp.sackBlocks() : java.util.List.of()));
        }
    }

    /** Bytes delivered to the application so far. */
    long delivered() {
        return tcp.ackPoint();
    }

    /** The connection's receive mode. */
    RxMode mode() {
        return mode;
    }

    /** The transport's receive state. */
    TcpReceiver receiver() {
        return tcp;
    }

    /** Pages whose fault is still outstanding. */
    int outstandingFaults() {
        return faults.size();
    }

    /** The IOMMU mirror of the receiving process. */
    IommuMirror mirror() {
        return mirror;
    }
}
