package org.iopf.plugin.dmaplane;

import java.util.Objects;
import java.util.Optional;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * The E7 stream: the source's application hands every message to its connection at once; the
 * connection posts them as credits allow (seed 004 §4.2's loop); the slots of the source buffer are
 * reused round robin, so the target ends up holding the source's contents, checked at the end.
 */
final class CreditStream implements Workload {
    private final WorkloadContext context;
    private final long messageSize;
    private final long messages;
    private final int creditsParameter;
    private final WorkloadMeter meter;
    private Dmaplane source;
    private Dmaplane target;
    private RegisteredBuffer sourceBuffer;
    private RegisteredBuffer targetBuffer;
    private RdmaConnection out;
    private RdmaConnection in;
    private long slots;

    CreditStream(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.messageSize = context.parameters().get(CreditStreamType.MESSAGE_SIZE);
        this.messages = context.parameters().get(CreditStreamType.MESSAGES);
        this.creditsParameter = context.parameters().get(CreditStreamType.CREDITS);
        this.meter = WorkloadMeter.of(context, messages);
        CreditStreamType.CQ_OVERFLOWS.gauge(context.metrics(), () -> engineOverflows());
        CreditStreamType.STALLS.gauge(context.metrics(), () -> source == null ? 0 : source.rdma().stalls());
    }

    private long engineOverflows() {
        return source == null ? 0 : source.rdma().cqOverflows() + target.rdma().cqOverflows();
    }

    @Override
    public void start() {
        Node sourceNode = context.requireNode(context.parameters().get(CreditStreamType.SOURCE));
        Node targetNode = context.requireNode(context.parameters().get(CreditStreamType.TARGET));
        source = Dmaplane.of(sourceNode);
        target = Dmaplane.of(targetNode);
        int credits = creditsParameter == 0 ? source.values().defaultCredits() : creditsParameter;
        slots = Math.min(credits, messages);
        AddressSpace sourceSpace = sourceNode.memoryManager().createAddressSpace("credit-stream-source");
        AddressSpace targetSpace = targetNode.memoryManager().createAddressSpace("credit-stream-target");
        long length = slots * messageSize;
        DmaplaneBuffer s = (DmaplaneBuffer) source.allocate(sourceSpace,
                BufferSpec.data(length)).requireBuffer();
        DmaplaneBuffer t = (DmaplaneBuffer) target.allocate(targetSpace, BufferSpec.data(length)).requireBuffer();
        sourceNode.memoryManager().fill(sourceSpace, s.address(), length, context.random().nextLong());
        sourceBuffer = (RegisteredBuffer) source.rdma().registerNow(s, false);
        targetBuffer = (RegisteredBuffer) target.rdma().registerNow(t, true);
        out = source.rdma().open(sourceSpace, credits);
        in = target.rdma().open(targetSpace,
                creditsParameter == 0 ? target.values().defaultCredits() : creditsParameter);
        RdmaConnection.connect(out, in);
        meter.start();
        for (long i = 0; i < messages; i++) {
            long offset = (i % slots) * messageSize;
            out.submit(new RdmaTransfer(sourceBuffer, offset, messageSize, targetBuffer, offset,
                    (int) (i & 0x7fff_ffffL), this::completed));
        }
    }

    /**
     * The messages asked for, of which those that succeeded; problems: either end's queue pair in
     * ERROR, messages never posted (waiting for credits) or never completed.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        return Optional.of(in.explain(out.explain(meter.outcome("messages"), "messages"), "credit updates"));
    }

    private void completed(CompletionStatus status) {
        if (status == CompletionStatus.SUCCESS) {
            meter.succeeded(messageSize);
        } else {
            meter.failed();
        }
        if (meter.isDone()) {
            meter.mismatched(BufferIntegrity.mismatchedPages(source.memory(), sourceBuffer.buffer(), 0,
                    target.memory(), targetBuffer.buffer(), 0, slots * messageSize));
            context.finish();
        }
    }
}
