package org.iopf.reference;

import jakarta.inject.Inject;
import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.BandwidthResource;

/**
 * The baseline DMA engine: local copies between I/O virtual addresses of one node. Each transfer
 * moves in chunks that never cross a 4 KiB page on either side; every chunk's source and
 * destination are translated through the node's IOMMU and its bytes move through the engine's
 * bandwidth resource; the next chunk is translated while the current one moves. A faulting chunk
 * pauses its transfer until the fault handler answers: a retry translates again, a termination
 * completes the transfer with {@link DmaStatus#FAULT_TERMINATED} once the chunks already moving
 * have landed. Transfers run concurrently and share the bandwidth FIFO.
 *
 * <p>Traced (when the tracer is enabled): each transfer as a slice {@code dma/transfer} on its
 * channel's track ({@code node1/dma/ch0}), each chunk's time on the data path as {@code dma/chunk}
 * on {@code node1/dma/data}, and each fault's wait as the step {@code dma/stall} of the fault's
 * flow (from the fault to the handler's answer) on the channel's track; the counter
 * {@code inFlight} (transfers accepted and not finished) on the engine's track.
 */
final class PlainDmaEngine implements DmaEngine {
    /** Bytes of one transfer queued on the data path at most, in chunks (double buffering). */
    private static final int PIPELINE_CHUNKS = 2;

    private final ComponentContext context;
    private final Iommu iommu;
    private final PhysicalMemory memory;
    private final BandwidthResource dataPath;
    private final int channelsPerDomain;
    private final int maxConcurrent;
    private final long chunkSize;
    private final Counter bytesMoved;
    private final Counter faults;
    private final Histogram latency;
    private final Tracer tracer;
    private final String dataTrack;
    private int inFlight;

    @Inject
    PlainDmaEngine(ComponentContext context, Iommu iommu, MemoryManager memoryManager) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.memory = memoryManager.physicalMemory();
        this.channelsPerDomain = context.parameters().get(PlainDmaEngineType.CHANNELS_PER_DOMAIN);
        this.maxConcurrent = context.parameters().get(PlainDmaEngineType.MAX_CONCURRENT_TRANSFERS);
        this.chunkSize = context.parameters().get(PlainDmaEngineType.CHUNK_SIZE);
        this.dataPath = context.resources().bandwidth(context.name() + ".data", context.parameters().get(PlainDmaEngineType.BANDWIDTH));
        this.bytesMoved = PlainDmaEngineType.BYTES.counter(context.metrics());
        this.faults = PlainDmaEngineType.FAULTS.counter(context.metrics());
        this.latency = PlainDmaEngineType.LATENCY.histogram(context.metrics());
        this.tracer = context.tracer();
        this.dataTrack = context.path() + "/data";
    }

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

    @Override
    public DmaSubmitResult submit(DmaDescriptor descriptor, Consumer<DmaCompletion> onComplete) {
        Objects.requireNonNull(descriptor, "descriptor is null");
        Objects.requireNonNull(onComplete, "onComplete is null");
        if (!descriptor.destinationNode().equals(context.node()) || descriptor.channel() >= channelsPerDomain
                || iommu.domainOf(descriptor.stream()).isEmpty()) {
            return DmaSubmitResult.INVALID;
        }
        if (inFlight >= maxConcurrent) {
            return DmaSubmitResult.BUSY;
        }
        inFlight++;
        if (tracer.enabled()) {
            tracer.counter(context.path(), "inFlight", inFlight);
        }
        new Transfer(descriptor, onComplete, context.scheduler().now()).next();
        return DmaSubmitResult.ACCEPTED;
    }

    /**
     * One transfer's progress. Chunks are translated ahead of the data path: while one chunk moves,
     * the next is translated and queued behind it (at most {@link #PIPELINE_CHUNKS} chunk sizes of
     * bytes queued), so a transfer alone keeps the data path busy and only its first translation
     * shows in its duration, even when misaligned source and destination cut it into small chunks.
     */
    private final class Transfer {
        private final DmaDescriptor descriptor;
        private final Consumer<DmaCompletion> onComplete;
        private final long submitted;
        /** Bytes translated and queued on the data path. */
        private long issued;
        /** Bytes that reached the destination. */
        private long landed;
        /** Chunks queued on the data path that have not landed. */
        private int moving;
        /** A chunk is being translated, or its fault awaits the handler's answer. */
        private boolean translating;
        private boolean terminated;

        Transfer(DmaDescriptor descriptor, Consumer<DmaCompletion> onComplete, long submitted) {
            this.descriptor = descriptor;
            this.onComplete = onComplete;
            this.submitted = submitted;
        }

        /** Translates the next chunk if the pipeline has room; finishes once everything landed. */
        void next() {
            if (translating || terminated) {
                return;
            }
            if (issued == descriptor.length()) {
                if (moving == 0) {
                    finish(DmaStatus.OK);
                }
                return;
            }
            if (issued - landed >= PIPELINE_CHUNKS * chunkSize) {
                return;
            }
            long src = descriptor.source() + issued;
            long dst = descriptor.destination() + issued;
            long length = Math.min(descriptor.length() - issued,
                    Math.min(chunkSize, Math.min(toPageEnd(src), toPageEnd(dst))));
            translating = true;
            if (!(iommu.translate(descriptor.stream(), src, Access.READ, this::onResolved)
                    instanceof Translation.Hit read)) {
                faults.increment();
                return;
            }
            if (!(iommu.translate(descriptor.stream(), dst, Access.WRITE, this::onResolved)
                    instanceof Translation.Hit write)) {
                faults.increment();
                return;
            }
            long srcPa = read.physicalAddress();
            long dstPa = write.physicalAddress();
            context.scheduler().schedule(read.latencyNanos() + write.latencyNanos(), () -> {
                translating = false;
                issued += length;
                moving++;
                long start = Math.max(context.scheduler().now(), dataPath.busyUntil());
                long done = dataPath.transfer(length, () -> land(srcPa, dstPa, length));
                if (tracer.enabled()) {
                    tracer.slice(dataTrack, "dma/chunk", start, done - start, 0);
                }
                next();
            });
        }

        private void land(long srcPa, long dstPa, long length) {
            memory.write(dstPa, memory.capture(srcPa, length));
            bytesMoved.add(length);
            landed += length;
            moving--;
            if (terminated) {
                if (moving == 0) {
                    finish(DmaStatus.FAULT_TERMINATED);
                }
            } else {
                next();
            }
        }

        private void onResolved(FaultRecord fault, FaultResolution resolution) {
            translating = false;
            if (tracer.enabled()) {
                long now = context.scheduler().now();
                tracer.slice(channelTrack(), "dma/stall", fault.timeNanos(), now - fault.timeNanos(), fault.id());
            }
            if (resolution == FaultResolution.RETRY) {
                next();
            } else {
                terminated = true;
                if (moving == 0) {
                    finish(DmaStatus.FAULT_TERMINATED);
                }
            }
        }

        private String channelTrack() {
            return context.path() + "/ch" + descriptor.channel();
        }

        private void finish(DmaStatus status) {
            inFlight--;
            if (tracer.enabled()) {
                tracer.counter(context.path(), "inFlight", inFlight);
            }
            long now = context.scheduler().now();
            latency.record(now - submitted);
            if (tracer.enabled()) {
                tracer.slice(channelTrack(), "dma/transfer", submitted, now - submitted, 0);
            }
            onComplete.accept(new DmaCompletion(descriptor, status, landed, submitted, now));
        }
    }

    private static long toPageEnd(long address) {
        return 4096 - (address & 4095);
    }
}
