package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Opcode;
import org.iopf.api.nic.PostResult;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.sim.Time;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * A stream of one-sided RDMA operations posted by the {@code source} node's NIC: operation
 * {@code i} moves {@code messageSize} bytes between source slot {@code i mod concurrency} and the
 * same target slot, {@code concurrency} operations in flight. An RDMA WRITE pushes the source's
 * contents into the target; an RDMA READ pulls the target's contents into the source. The side
 * that holds the data is filled with random bytes first; at the end every page of the receiving
 * side is compared with the data side by content fingerprint. Latency runs from posting an
 * operation to its completion on the source.
 */
final class OneSidedStream implements Workload {
    private final WorkloadContext context;
    private final Opcode verb;
    private final WorkloadParameters.Ends ends;
    private final TrafficShape shape;
    private final Residency residency;
    private final boolean onDemand;
    private final WorkloadMeter meter;
    private final long[] postedAt;
    private RdmaSide source;
    private RdmaSide target;
    private long sourceBase;
    private long targetBase;
    private MemoryRegion sourceRegion;
    private MemoryRegion targetRegion;
    private long posted;
    private boolean finished;

    /**
     * Reads the parameters through the type's keys.
     *
     * @param verb {@link Opcode#RDMA_WRITE} or {@link Opcode#RDMA_READ}
     * @param ends the keys of the two nodes
     * @param traffic the keys of the traffic
     */
    OneSidedStream(WorkloadContext context, Opcode verb, WorkloadParameters.Ends ends,
            WorkloadParameters.Traffic traffic) {
        this.context = requireNonNull(context, "context is null");
        this.verb = requireNonNull(verb, "verb is null");
        this.ends = requireNonNull(ends, "ends is null");
        if (verb != Opcode.RDMA_WRITE && verb != Opcode.RDMA_READ) {
            throw new IllegalArgumentException("a one-sided stream writes or reads, not " + verb);
        }
        this.shape = TrafficShape.from(context.parameters(), traffic);
        this.residency = Residency.from(context.parameters());
        this.onDemand = context.parameters().get(traffic.onDemand());
        this.meter = WorkloadMeter.withLatencyAndResidency(context, shape.count());
        this.postedAt = new long[shape.slots()];
    }

    private boolean isWrite() {
        return verb == Opcode.RDMA_WRITE;
    }

    @Override
    public void start() {
        String name = isWrite() ? "rdma-write" : "rdma-read";
        source = RdmaSide.at(context, context.parameters().get(ends.source()), name + "-source");
        target = RdmaSide.at(context, context.parameters().get(ends.target()), name + "-target");
        long length = shape.slotBytes();
        sourceBase = source.map(length);
        targetBase = target.map(length);
        WorkingSet workingSet = new WorkingSet(residency);
        RdmaSide data = isWrite() ? source : target;
        RdmaSide sink = isWrite() ? target : source;
        workingSet.prepareSource(data.memory(), data.space(), base(data), length, context.random().nextLong());
        workingSet.prepareDestination(sink.memory(), sink.space(), base(sink), length);

        sourceRegion = source.register(sourceBase, length, false, false, onDemand);
        targetRegion = target.register(targetBase, length, isWrite(), !isWrite(), onDemand);
        source.open(shape.slots(), 1);
        target.open(1, 1);
        RdmaSide.connect(source, target);
        source.sendQueue().setListener(() -> context.scheduler().schedule(Time.nanos(0), this::drain));

        meter.start(workingSet.residentBytes(), workingSet.pinnedBytes());
        postWhileRoom();
    }

    private long base(RdmaSide side) {
        return side == source ? sourceBase : targetBase;
    }

    private void postWhileRoom() {
        while (posted < shape.count() && posted - meter.completed() < shape.slots()) {
            long offset = shape.slotOffset(posted);
            postedAt[(int) (posted % shape.slots())] = context.scheduler().now();
            WorkRequest request = isWrite()
                    ? WorkRequest.write(posted, sourceRegion, sourceBase + offset, shape.unitSize(),
                            targetBase + offset, targetRegion.rkey())
                    : WorkRequest.read(posted, sourceRegion, sourceBase + offset, shape.unitSize(),
                            targetBase + offset, targetRegion.rkey());
            posted++;
            if (source.queuePair().postSend(request) != PostResult.POSTED) {
                meter.failed();
            }
        }
        if (meter.isDone()) {
            finish();
        }
    }

    private void drain() {
        for (WorkCompletion wc : source.sendQueue().poll(Integer.MAX_VALUE)) {
            source.saw(wc);
            if (wc.isSuccess()) {
                meter.succeeded(wc.byteLength(), context.scheduler().now() - postedAt[(int) (wc.wrId() % shape.slots())]);
            } else {
                meter.failed();
            }
        }
        postWhileRoom();
    }

    /**
     * The messages asked for, of which those that succeeded; problems: either queue pair in ERROR,
     * and messages posted whose completion never came.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(target.withQueuePair(source.withQueuePair(
                meter.outcome("messages", posted, "posted and never completed"))));
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        RdmaSide data = isWrite() ? source : target;
        RdmaSide sink = isWrite() ? target : source;
        meter.mismatched(PageIntegrity.mismatchedPages(data.memory(), data.space(), base(data), sink.memory(),
                sink.space(), base(sink), shape.slotBytes()));
        context.finish();
    }
}
