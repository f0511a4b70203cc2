package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.PinResult;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * Local copies by a node's DMA engine between two buffers of one process, through the node's
 * IOMMU. The workload plays the user-space driver: it creates the process, attaches its device
 * stream to a protection domain for it and, unless {@code onDemand}, pins both buffers and maps
 * every page into the domain (as a VFIO driver does for an IOMMU that translates only what was
 * mapped). Block {@code i} goes from source slot {@code i mod concurrency} to the same destination
 * slot on channel {@code slot mod channels}; {@code concurrency} blocks are in flight, fewer while
 * the engine answers {@link DmaSubmitResult#BUSY}. Latency is from submission to completion. At
 * the end every destination page is compared with its source page.
 */
final class DmaCopyStream implements Workload {
    private final WorkloadContext context;
    private final TrafficShape shape;
    private final Residency residency;
    private final boolean onDemand;
    private final int channels;
    private final StreamId stream;
    private final DomainId domain;
    private final WorkloadMeter meter;
    private Node node;
    private DmaEngine dma;
    private AddressSpace space;
    private long sourceBase;
    private long destinationBase;
    private long submitted;
    private int inFlight;
    private boolean finished;

    /** Reads and validates the parameters. */
    DmaCopyStream(WorkloadContext context) {
        this.context = requireNonNull(context, "context is null");
        this.shape = TrafficShape.from(context.parameters(), DmaCopyStreamType.TRAFFIC);
        this.residency = Residency.from(context.parameters());
        this.onDemand = context.parameters().get(DmaCopyStreamType.TRAFFIC.onDemand());
        this.channels = context.parameters().get(DmaCopyStreamType.CHANNELS);
        this.stream = new StreamId(context.parameters().get(DmaCopyStreamType.STREAM_ID));
        this.domain = new DomainId(context.parameters().get(DmaCopyStreamType.DOMAIN_ID));
        this.meter = WorkloadMeter.withLatencyAndResidency(context, shape.count());
    }

    @Override
    public void start() {
        node = context.requireNode(context.parameters().get(DmaCopyStreamType.NODE));
        dma = context.requireComponent(context.parameters().get(DmaCopyStreamType.NODE), DmaEngine.class);
        Iommu iommu = node.requireRole(Iommu.class);
        if (channels > dma.channelsPerDomain()) {
            throw new IllegalArgumentException(DmaCopyStreamType.CHANNELS.name() + " (" + channels + ") exceeds the "
                    + dma.channelsPerDomain() + " channels per domain of the DMA engine on " + node.id());
        }
        MemoryManager memory = node.memoryManager();
        space = memory.createAddressSpace("dma-copy");
        long length = PageSize.BASE.alignUp(shape.slotBytes());
        sourceBase = memory.mmap(space, length, MapOptions.DEFAULT);
        destinationBase = memory.mmap(space, length, MapOptions.DEFAULT);
        WorkingSet workingSet = new WorkingSet(residency);
        workingSet.prepareSource(memory, space, sourceBase, shape.slotBytes(), context.random().nextLong());
        workingSet.prepareDestination(memory, space, destinationBase, shape.slotBytes());

        iommu.attach(stream, domain, space);
        if (!onDemand) {
            pinAndMap(memory, iommu, sourceBase, length, false);
            pinAndMap(memory, iommu, destinationBase, length, true);
        }
        meter.start(workingSet.residentBytes(), workingSet.pinnedBytes());
        submitWhileRoom();
    }

    private void pinAndMap(MemoryManager memory, Iommu iommu, long va, long length, boolean writable) {
        PinResult pinned = memory.pin(space, va, length);
        if (pinned != PinResult.PINNED) {
            throw new IllegalStateException("cannot pin " + Units.formatBytes(length) + " of the DMA buffers on "
                    + node.id() + ": " + pinned + " (pinnable limit " + Units.formatBytes(memory.pinnableLimit())
                    + ")");
        }
        for (long offset = 0; offset < length; offset += PageSize.BASE.bytes()) {
            long pa = memory.translate(space, va + offset, Access.READ).orElseThrow();
            iommu.map(domain, va + offset, pa, PageSize.BASE.bytes(), writable);
        }
    }

    private void submitWhileRoom() {
        while (submitted < shape.count() && inFlight < shape.slots()) {
            int slot = (int) (submitted % shape.slots());
            long offset = shape.slotOffset(slot);
            DmaDescriptor block = new DmaDescriptor(submitted, stream, slot % channels, sourceBase + offset,
                    node.id(), destinationBase + offset, shape.unitSize());
            DmaSubmitResult result = dma.submit(block, this::onComplete);
            if (result == DmaSubmitResult.BUSY && inFlight > 0) {
                break;
            }
            submitted++;
            if (result == DmaSubmitResult.ACCEPTED) {
                inFlight++;
            } else {
                meter.failed();
            }
        }
        if (meter.isDone()) {
            finish();
        }
    }

    private void onComplete(DmaCompletion completion) {
        inFlight--;
        if (completion.status() == DmaStatus.OK) {
            meter.succeeded(completion.bytesTransferred(), completion.latencyNanos());
        } else {
            meter.failed();
        }
        context.scheduler().schedule(Time.nanos(0), this::submitWhileRoom);
    }

    /** The blocks asked for, of which those copied; problem: blocks submitted whose completion never came. */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(meter.outcome("blocks", submitted, "submitted and never completed"));
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        MemoryManager memory = node.memoryManager();
        meter.mismatched(PageIntegrity.mismatchedPages(memory, space, sourceBase, memory, space, destinationBase,
                shape.slotBytes()));
        context.finish();
    }
}
