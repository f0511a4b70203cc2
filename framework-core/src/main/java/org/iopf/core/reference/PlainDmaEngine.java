package org.iopf.core.reference;

import jakarta.inject.Inject;
import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.BandwidthResource;

/**
 * The baseline DMA engine: local copies between I/O virtual addresses of one node. Each transfer
 * moves in chunks that never cross a 4 KiB page on either side; every chunk's source and
 * destination are translated through the node's IOMMU and its bytes move through the engine's
 * bandwidth resource. A faulting chunk pauses its transfer until the fault handler answers: a
 * retry translates again, a termination completes the transfer with
 * {@link DmaStatus#FAULT_TERMINATED}. Transfers run concurrently and share the bandwidth FIFO.
 */
final class PlainDmaEngine implements DmaEngine {
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
    private int inFlight;

    @Inject
    PlainDmaEngine(ComponentContext context, Iommu iommu, MemoryManager memoryManager) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        this.memory = memoryManager.physicalMemory();
        this.channelsPerDomain = context.parameters().intValue("channelsPerDomain");
        this.maxConcurrent = context.parameters().intValue("maxConcurrentTransfers");
        this.chunkSize = context.parameters().bytes("chunkSize");
        this.dataPath = context.resources().bandwidth(context.name() + ".data", context.parameters().rate("bandwidth"));
        this.bytesMoved = context.metrics().counter("bytes", "bytes");
        this.faults = context.metrics().counter("faults", "faults");
        this.latency = context.metrics().histogram("latency", "ns");
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
        new Transfer(descriptor, onComplete, context.scheduler().now()).next();
        return DmaSubmitResult.ACCEPTED;
    }

    /** One transfer's progress: the offset of the next chunk to move. */
    private final class Transfer {
        private final DmaDescriptor descriptor;
        private final Consumer<DmaCompletion> onComplete;
        private final long submitted;
        private long offset;

        Transfer(DmaDescriptor descriptor, Consumer<DmaCompletion> onComplete, long submitted) {
            this.descriptor = descriptor;
            this.onComplete = onComplete;
            this.submitted = submitted;
        }

        void next() {
            if (offset == descriptor.length()) {
                finish(DmaStatus.OK);
                return;
            }
            long src = descriptor.source() + offset;
            long dst = descriptor.destination() + offset;
            long length = Math.min(descriptor.length() - offset,
                    Math.min(chunkSize, Math.min(toPageEnd(src), toPageEnd(dst))));
            var read = iommu.translate(descriptor.stream(), src, org.iopf.api.mem.Access.READ, this::onResolved);
            if (read.isFault()) {
                faults.increment();
                return;
            }
            var write = iommu.translate(descriptor.stream(), dst, org.iopf.api.mem.Access.WRITE, this::onResolved);
            if (write.isFault()) {
                faults.increment();
                return;
            }
            long srcPa = read.physicalAddress();
            long dstPa = write.physicalAddress();
            context.scheduler().schedule(read.latencyNanos() + write.latencyNanos(), () ->
                    dataPath.transfer(length, () -> {
                        memory.write(dstPa, memory.capture(srcPa, length));
                        bytesMoved.add(length);
                        offset += length;
                        next();
                    }));
        }

        private void onResolved(org.iopf.api.fault.FaultRecord fault, org.iopf.api.fault.FaultResolution resolution) {
            if (resolution == org.iopf.api.fault.FaultResolution.RETRY) {
                next();
            } else {
                finish(DmaStatus.FAULT_TERMINATED);
            }
        }

        private void finish(DmaStatus status) {
            inFlight--;
            long now = context.scheduler().now();
            latency.record(now - submitted);
            onComplete.accept(new DmaCompletion(descriptor, status, offset, submitted, now));
        }
    }

    private static long toPageEnd(long address) {
        return 4096 - (address & 4095);
    }
}
