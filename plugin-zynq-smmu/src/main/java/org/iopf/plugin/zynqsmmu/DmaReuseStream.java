package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import java.util.Optional;
import org.iopf.api.dma.DmaCompletion;
import org.iopf.api.dma.DmaDescriptor;
import org.iopf.api.dma.DmaEngine;
import org.iopf.api.dma.DmaStatus;
import org.iopf.api.dma.DmaSubmitResult;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.mem.Advice;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * The {@code dma-reuse-stream} workload ({@link DmaReuseStreamType}): rounds of one-at-a-time DMA
 * copies between two on-demand buffers, each round checked page by page, then both buffers
 * released and the source written again with new data.
 */
final class DmaReuseStream implements Workload {
    private static final StreamId STREAM = new StreamId(1);
    private static final DomainId DOMAIN = new DomainId(1);

    private final WorkloadContext context;
    private final long bufferSize;
    private final long blockSize;
    private final int blocks;
    private final int rounds;
    private final boolean release;
    private final WorkloadMeter meter;
    private Node node;
    private DmaEngine dma;
    private MemoryManager memory;
    private AddressSpace space;
    private long source;
    private long destination;
    private int round;
    private int block;
    private long submitted;
    private long mismatched;
    private boolean finished;

    DmaReuseStream(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.bufferSize = PageSize.BASE.alignUp(context.parameters().get(DmaReuseStreamType.BUFFER_SIZE));
        this.blockSize = context.parameters().get(DmaReuseStreamType.BLOCK_SIZE);
        this.blocks = context.parameters().get(DmaReuseStreamType.BLOCKS);
        this.rounds = context.parameters().get(DmaReuseStreamType.ROUNDS);
        this.release = context.parameters().get(DmaReuseStreamType.RELEASE);
        if (Math.multiplyExact(blockSize, (long) blocks) > bufferSize) {
            throw new IllegalArgumentException("blocks x blockSize (" + blocks + " x " + blockSize
                    + " B) must fit in bufferSize (" + bufferSize + " B)");
        }
        this.meter = WorkloadMeter.withLatencyAndResidency(context, (long) blocks * rounds);
    }

    @Override
    public void start() {
        String nodeName = context.parameters().get(DmaReuseStreamType.NODE);
        node = context.requireNode(nodeName);
        dma = context.requireComponent(nodeName, DmaEngine.class);
        memory = node.memoryManager();
        space = memory.createAddressSpace("dma-reuse");
        source = memory.mmap(space, bufferSize, MapOptions.DEFAULT);
        destination = memory.mmap(space, bufferSize, MapOptions.DEFAULT);
        memory.fill(space, source, roundBytes(), context.random().nextLong());
        node.requireRole(Iommu.class).attach(STREAM, DOMAIN, space);
        meter.start(roundBytes(), 0);
        submitNext();
    }

    private long roundBytes() {
        return blockSize * blocks;
    }

    private void submitNext() {
        long offset = block * blockSize;
        DmaDescriptor d = new DmaDescriptor(submitted, STREAM, 0, source + offset, node.id(), destination + offset,
                blockSize);
        submitted++;
        if (dma.submit(d, this::onComplete) != DmaSubmitResult.ACCEPTED) {
            meter.failed();
            next();
        }
    }

    private void onComplete(DmaCompletion completion) {
        if (completion.status() == DmaStatus.OK) {
            meter.succeeded(completion.bytesTransferred(), completion.latencyNanos());
        } else {
            meter.failed();
        }
        context.scheduler().schedule(0, this::next);
    }

    /** The next block, or the end of the round: check it, release the buffers, rewrite the source. */
    private void next() {
        block++;
        if (block < blocks) {
            submitNext();
            return;
        }
        mismatched += PageIntegrity.mismatchedPages(memory, space, source, memory, space, destination, roundBytes());
        round++;
        if (round == rounds) {
            finish();
            return;
        }
        block = 0;
        if (release) {
            memory.advise(space, source, bufferSize, Advice.DONT_NEED);
            memory.advise(space, destination, bufferSize, Advice.DONT_NEED);
            memory.fill(space, source, roundBytes(), context.random().nextLong());
        }
        submitNext();
    }

    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(meter.outcome("blocks", submitted, "submitted and never completed"));
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        meter.mismatched(mismatched);
        context.finish();
    }
}
