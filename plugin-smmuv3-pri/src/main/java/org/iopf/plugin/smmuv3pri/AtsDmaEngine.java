package org.iopf.plugin.smmuv3pri;

import jakarta.inject.Inject;
import java.util.Objects;
import java.util.function.Consumer;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Tracer;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.sim.BandwidthResource;

/**
 * The {@code ats-dma} engine: copies within its node in chunks that never cross a page, each
 * chunk's source and destination translated by {@link AtsTranslator} (ATC, ATS, PRI) one after the
 * other, then moved through the engine's bandwidth. A chunk that cannot be translated ends its
 * transfer with {@link DmaStatus#FAULT_TERMINATED} and the bytes that landed before it.
 *
 * <p>Traced: each transfer as {@code ats-dma/transfer} on its channel's track.
 */
final class AtsDmaEngine implements DmaEngine {
    private static final long PAGE = 4096;

    private final ComponentContext context;
    private final Iommu iommu;
    private final Smmuv3Iommu smmu;
    private final PhysicalMemory memory;
    private final AtsTranslator translator;
    private final BandwidthResource dataPath;
    private final int channels;
    private final int maxConcurrent;
    private final Counter bytes;
    private final Histogram latency;
    private final Tracer tracer;
    private int inFlight;

    @Inject
    AtsDmaEngine(ComponentContext context, Iommu iommu, MemoryManager memoryManager) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.iommu = Objects.requireNonNull(iommu, "iommu is null");
        if (!(iommu instanceof Smmuv3Iommu s)) {
            throw new IllegalArgumentException(context.path() + ": ats-dma needs the node's IOMMU to be an smmuv3 "
                    + "(ATS and PRI), not " + iommu.getClass().getSimpleName());
        }
        this.smmu = s;
        this.memory = memoryManager.physicalMemory();
        this.translator = new AtsTranslator(context, s, s.hardware().pcieNanos());
        this.dataPath = context.resources().bandwidth(context.name() + ".data", context.parameters().get(AtsDmaType.BANDWIDTH));
        this.channels = context.parameters().get(AtsDmaType.CHANNELS_PER_DOMAIN);
        this.maxConcurrent = context.parameters().get(AtsDmaType.MAX_CONCURRENT);
        this.bytes = AtsDmaType.BYTES.counter(context.metrics());
        this.latency = AtsDmaType.LATENCY.histogram(context.metrics());
        this.tracer = context.tracer();
    }

    @Override
    public int channelsPerDomain() {
        return channels;
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
        if (!descriptor.destinationNode().equals(context.node()) || descriptor.channel() >= channels
                || iommu.domainOf(descriptor.stream()).isEmpty()) {
            return DmaSubmitResult.INVALID;
        }
        if (inFlight >= maxConcurrent) {
            return DmaSubmitResult.BUSY;
        }
        smmu.connectEndpoint(descriptor.stream(), translator);
        inFlight++;
        new Copy(descriptor, onComplete, context.scheduler().now()).chunk();
        return DmaSubmitResult.ACCEPTED;
    }

    /** One transfer: chunk by chunk, translate source, translate destination, move. */
    private final class Copy {
        private final DmaDescriptor d;
        private final Consumer<DmaCompletion> onComplete;
        private final long submitted;
        private long done;

        Copy(DmaDescriptor d, Consumer<DmaCompletion> onComplete, long submitted) {
            this.d = d;
            this.onComplete = onComplete;
            this.submitted = submitted;
        }

        void chunk() {
            if (done == d.length()) {
                finish(DmaStatus.OK);
                return;
            }
            long src = d.source() + done;
            long dst = d.destination() + done;
            long length = Math.min(d.length() - done, Math.min(PAGE - (src & (PAGE - 1)), PAGE - (dst & (PAGE - 1))));
            translator.translate(d.stream(), src, Access.READ, srcPa -> {
                if (srcPa < 0) {
                    finish(DmaStatus.FAULT_TERMINATED);
                    return;
                }
                translator.translate(d.stream(), dst, Access.WRITE, dstPa -> {
                    if (dstPa < 0) {
                        finish(DmaStatus.FAULT_TERMINATED);
                        return;
                    }
                    dataPath.transfer(length, () -> {
                        memory.write(dstPa, memory.capture(srcPa, length));
                        bytes.add(length);
                        done += length;
                        chunk();
                    });
                });
            });
        }

        private void finish(DmaStatus status) {
            inFlight--;
            long now = context.scheduler().now();
            latency.record(now - submitted);
            if (tracer.enabled()) {
                tracer.slice(context.path() + "/ch" + d.channel(), "ats-dma/transfer", submitted, now - submitted, 0);
            }
            onComplete.accept(new DmaCompletion(d, status, done, submitted, now));
        }
    }
}
