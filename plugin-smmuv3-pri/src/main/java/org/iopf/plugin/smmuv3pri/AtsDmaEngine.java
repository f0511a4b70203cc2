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
 * transfer with {@link DmaStatus#FAULT_TERMINATED} and the bytes that landed before it. An ATC
 * invalidation that covers a page a chunk holds a translation of makes the chunk start again from
 * its translations (it never lands through a dropped translation).
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
    private final java.util.Set<Copy> active = new java.util.LinkedHashSet<>();

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
        this.translator = new AtsTranslator(context, s, s.hardware().pcie());
        this.dataPath = context.resources().bandwidth(context.name() + ".data", context.parameters().get(AtsDmaType.BANDWIDTH));
        this.channels = context.parameters().get(AtsDmaType.CHANNELS_PER_DOMAIN);
        this.maxConcurrent = context.parameters().get(AtsDmaType.MAX_CONCURRENT);
        this.bytes = AtsDmaType.BYTES.counter(context.metrics());
        this.latency = AtsDmaType.LATENCY.histogram(context.metrics());
        this.tracer = context.tracer();
        translator.onInvalidation(this::invalidated);
    }

    /**
     * An ATC invalidation also covers the translations a chunk holds between its translation and
     * its landing (PCIe ATS: the completion means the device no longer uses them): such a chunk
     * is redone from its translation instead of using a frame the OS may already reuse.
     */
    private void invalidated(int ssid, long va, long length) {
        for (Copy c : active) {
            if (smmu.pasidOf(c.d.stream()) == ssid && (c.holds(c.srcPage, va, length) || c.holds(c.dstPage, va, length))) {
                c.stale = true;
            }
        }
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
        Copy copy = new Copy(descriptor, onComplete, context.scheduler().now());
        active.add(copy);
        copy.chunk();
        return DmaSubmitResult.ACCEPTED;
    }

    /** One transfer: chunk by chunk, translate source, translate destination, move. */
    private final class Copy {
        private final DmaDescriptor d;
        private final Consumer<DmaCompletion> onComplete;
        private final long submitted;
        private long done;
        /** Pages whose translations the current chunk holds, -1 when none. */
        long srcPage = -1;
        long dstPage = -1;
        /** An invalidation covered a held translation: redo the chunk. */
        boolean stale;

        boolean holds(long page, long va, long length) {
            return page >= 0 && page + PAGE > va && page < va + length;
        }

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
            stale = false;
            srcPage = -1;
            dstPage = -1;
            translator.translate(d.stream(), src, Access.READ, srcPa -> {
                if (srcPa < 0) {
                    finish(DmaStatus.FAULT_TERMINATED);
                    return;
                }
                srcPage = src & -PAGE;
                translator.translate(d.stream(), dst, Access.WRITE, dstPa -> {
                    if (dstPa < 0) {
                        finish(DmaStatus.FAULT_TERMINATED);
                        return;
                    }
                    dstPage = dst & -PAGE;
                    if (stale) {
                        chunk();
                        return;
                    }
                    dataPath.transfer(length, () -> land(srcPa, dstPa, length));
                });
            });
        }

        private void land(long srcPa, long dstPa, long length) {
            if (stale) {
                chunk();
                return;
            }
            memory.write(dstPa, memory.capture(srcPa, length));
            bytes.add(length);
            done += length;
            chunk();
        }

        private void finish(DmaStatus status) {
            active.remove(this);
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
