package org.iopf.core.workload;

import java.util.Objects;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;

/**
 * The RDMA WRITE stream: message {@code i} goes from source slot {@code i mod concurrency} to the
 * same target slot. The source is filled with random bytes first; at the end every target page is
 * compared with its source page by content fingerprint.
 */
final class RdmaWriteStream implements Workload {
    private final WorkloadContext context;
    private final long messageSize;
    private final long messages;
    private final int concurrency;
    private final boolean onDemand;
    private final Counter bytes;
    private final Counter errors;
    private final Counter mismatchedPages;
    private final Histogram latency;
    private final long[] postedAt;
    private Node source;
    private Node target;
    private AddressSpace sourceSpace;
    private AddressSpace targetSpace;
    private long sourceBase;
    private long targetBase;
    private MemoryRegion sourceRegion;
    private MemoryRegion targetRegion;
    private QueuePair qp;
    private CompletionQueue sendCq;
    private long posted;
    private long completed;
    private long startedAt;
    private long lastCompletion;

    RdmaWriteStream(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.messageSize = context.parameters().bytes("messageSize");
        this.messages = context.parameters().integer("messages");
        this.concurrency = context.parameters().intValue("concurrency");
        this.onDemand = context.parameters().flag("onDemand");
        if (messageSize <= 0 || messages <= 0 || concurrency <= 0) {
            throw new IllegalArgumentException("messageSize, messages and concurrency must be > 0");
        }
        this.bytes = context.metrics().counter("bytes", "bytes");
        this.errors = context.metrics().counter("errors", "completions");
        this.mismatchedPages = context.metrics().counter("integrity.mismatchedPages", "pages");
        this.latency = context.metrics().histogram("latency", "ns");
        this.postedAt = new long[concurrency];
        context.metrics().gauge("elapsed", "ns", () -> completed == 0 ? 0 : lastCompletion - startedAt);
    }

    @Override
    public void start() {
        source = context.requireNode(context.parameters().string("source"));
        target = context.requireNode(context.parameters().string("target"));
        long slots = Math.min(concurrency, messages);
        long length = PageSize.BASE.alignUp(slots * messageSize);
        sourceSpace = source.memoryManager().createAddressSpace("rdma-write-source");
        targetSpace = target.memoryManager().createAddressSpace("rdma-write-target");
        sourceBase = source.memoryManager().mmap(sourceSpace, length, MapOptions.DEFAULT);
        targetBase = target.memoryManager().mmap(targetSpace, length, MapOptions.DEFAULT);
        source.memoryManager().fill(sourceSpace, sourceBase, length, context.random().nextLong());

        Nic sourceNic = source.requireRole(Nic.class);
        Nic targetNic = target.requireRole(Nic.class);
        ProtectionDomain sourcePd = sourceNic.allocateProtectionDomain(sourceSpace);
        ProtectionDomain targetPd = targetNic.allocateProtectionDomain(targetSpace);
        sourceRegion = sourceNic.registerMemory(sourcePd, sourceBase, length, false, false, onDemand).requireRegion();
        targetRegion = targetNic.registerMemory(targetPd, targetBase, length, true, false, onDemand).requireRegion();
        sendCq = sourceNic.createCompletionQueue(concurrency * 2);
        CompletionQueue sourceRecvCq = sourceNic.createCompletionQueue(1);
        CompletionQueue targetCq = targetNic.createCompletionQueue(concurrency * 2);
        QueuePairConfig config = new QueuePairConfig(Math.max(concurrency, 1), 16, 7, 7);
        qp = sourceNic.createQueuePair(sourcePd, sendCq, sourceRecvCq, config);
        QueuePair targetQp = targetNic.createQueuePair(targetPd, targetCq, targetCq, config);
        qp.connect(targetNic.endpoint(), targetQp.qpn());
        targetQp.connect(sourceNic.endpoint(), qp.qpn());
        sendCq.setListener(() -> context.scheduler().schedule(0, this::drain));

        startedAt = context.scheduler().now();
        while (posted < messages && posted < concurrency) {
            post();
        }
    }

    private void post() {
        int slot = (int) (posted % concurrency);
        long offset = slot * messageSize;
        postedAt[slot] = context.scheduler().now();
        qp.postSend(WorkRequest.write(posted, sourceRegion, sourceBase + offset, messageSize, targetBase + offset,
                targetRegion.rkey()));
        posted++;
    }

    private void drain() {
        for (WorkCompletion wc : sendCq.poll(Integer.MAX_VALUE)) {
            completed++;
            lastCompletion = context.scheduler().now();
            if (wc.isSuccess()) {
                bytes.add(wc.byteLength());
                latency.record(lastCompletion - postedAt[(int) (wc.wrId() % concurrency)]);
            } else {
                errors.increment();
            }
            if (posted < messages) {
                post();
            }
        }
        if (completed == messages) {
            verify();
            context.finish();
        }
    }

    private void verify() {
        long length = Math.min(concurrency, messages) * messageSize;
        MemoryManager src = source.memoryManager();
        MemoryManager dst = target.memoryManager();
        for (long offset = 0; offset < length; offset += PageSize.BASE.bytes()) {
            long piece = Math.min(PageSize.BASE.bytes(), length - offset);
            long srcPa = src.translate(sourceSpace, sourceBase + offset, Access.READ);
            long dstPa = dst.translate(targetSpace, targetBase + offset, Access.READ);
            if (srcPa < 0 || dstPa < 0 || src.physicalMemory().fingerprint(srcPa, piece)
                    != dst.physicalMemory().fingerprint(dstPa, piece)) {
                mismatchedPages.increment();
            }
        }
    }

}
