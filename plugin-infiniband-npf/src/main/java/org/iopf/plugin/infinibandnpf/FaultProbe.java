package org.iopf.plugin.infinibandnpf;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;
import org.iopf.api.nic.CompletionQueue;
import org.iopf.api.nic.CompletionStatus;
import org.iopf.api.nic.MemoryRegion;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.ProtectionDomain;
import org.iopf.api.nic.QueuePair;
import org.iopf.api.nic.QueuePairConfig;
import org.iopf.api.nic.ReceiveRequest;
import org.iopf.api.nic.WorkCompletion;
import org.iopf.api.nic.WorkRequest;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.platform.Node;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.toolkit.workload.WorkloadMetrics;

/**
 * The {@code ib-fault-probe} workload: probe {@code i} posts an operation between the source's
 * pinned slot {@code i} and the target's on-demand slot {@code i} (cold: no HCA translation yet),
 * waits for its completion, then posts it again (warm). One operation is in flight at a time; the
 * first failure ends the run.
 */
final class FaultProbe implements Workload {
    private final WorkloadContext context;
    private final long size;
    private final long probes;
    private final String verb;
    private final boolean targetResident;
    private final long bulkSize;
    private final String advise;
    private final boolean adviseFlush;
    private AdviseStatus adviseStatus;
    private long adviseTime;
    private final Counter messages;
    private final Counter bytes;
    private final Counter errors;
    private final Counter mismatched;
    private final Histogram latency;
    private final Histogram cold;
    private final Histogram warm;
    private MemoryManager sourceMemory;
    private MemoryManager targetMemory;
    private AddressSpace sourceSpace;
    private AddressSpace targetSpace;
    private long sourceBase;
    private long targetBase;
    private MemoryRegion sourceRegion;
    private MemoryRegion targetRegion;
    private QueuePair sourceQp;
    private QueuePair targetQp;
    private CompletionQueue sourceCq;
    private QueuePair bulkQp;
    private MemoryRegion bulkSource;
    private MemoryRegion bulkTarget;
    private Nic sourceNic;
    private Nic targetNic;
    private CompletionStatus sourceFailure;
    private CompletionStatus targetFailure;
    private CompletionStatus bulkFailure;
    private long bulkFailed;
    private boolean finished;
    private long step;
    private long postedAt;
    private long startedAt;
    private long lastCompletion;

    FaultProbe(WorkloadContext context) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.size = context.parameters().get(FaultProbeType.MESSAGE_SIZE);
        this.probes = context.parameters().get(FaultProbeType.MESSAGES);
        this.verb = context.parameters().get(FaultProbeType.VERB);
        this.targetResident = context.parameters().get(FaultProbeType.TARGET_RESIDENT) || verb.equals("read");
        this.bulkSize = context.parameters().get(FaultProbeType.BULK_SIZE);
        this.advise = context.parameters().get(FaultProbeType.ADVISE);
        this.adviseFlush = context.parameters().get(FaultProbeType.ADVISE_FLUSH);
        var m = context.metrics();
        messages = WorkloadMetrics.MESSAGES_COUNTER.counter(m);
        bytes = WorkloadMetrics.BYTES_COUNTER.counter(m);
        errors = WorkloadMetrics.ERRORS_COUNTER.counter(m);
        mismatched = WorkloadMetrics.MISMATCHED_PAGES_COUNTER.counter(m);
        latency = WorkloadMetrics.LATENCY_HISTOGRAM.histogram(m);
        cold = FaultProbeType.COLD.histogram(m);
        warm = FaultProbeType.WARM.histogram(m);
        WorkloadMetrics.ELAPSED_GAUGE.gauge(m, () -> lastCompletion - startedAt);
        FaultProbeType.ADVISE_TIME.gauge(m, () -> adviseTime);
        FaultProbeType.FAULT_COST.gauge(m, () -> cold.count() == 0 || warm.count() == 0 ? 0
                : Math.round(cold.mean() - warm.mean()));
    }

    @Override
    public void start() {
        Node source = context.requireNode(context.parameters().get(FaultProbeType.SOURCE));
        Node target = context.requireNode(context.parameters().get(FaultProbeType.TARGET));
        sourceNic = context.requireComponent(context.parameters().get(FaultProbeType.SOURCE), Nic.class);
        targetNic = context.requireComponent(context.parameters().get(FaultProbeType.TARGET), Nic.class);
        sourceMemory = source.memoryManager();
        targetMemory = target.memoryManager();
        sourceSpace = sourceMemory.createAddressSpace("fault-probe-source");
        targetSpace = targetMemory.createAddressSpace("fault-probe-target");
        long length = PageSize.BASE.alignUp(Math.multiplyExact(size, probes));
        sourceBase = sourceMemory.mmap(sourceSpace, length, MapOptions.DEFAULT);
        targetBase = targetMemory.mmap(targetSpace, length, MapOptions.DEFAULT);
        long seed = context.random().nextLong();
        if (verb.equals("read")) {
            targetMemory.fill(targetSpace, targetBase, length, seed);
            sourceMemory.fill(sourceSpace, sourceBase, length, ~seed);
        } else {
            sourceMemory.fill(sourceSpace, sourceBase, length, seed);
            if (targetResident) {
                targetMemory.fill(targetSpace, targetBase, length, ~seed);
            }
        }
        ProtectionDomain sourcePd = sourceNic.allocateProtectionDomain(sourceSpace);
        ProtectionDomain targetPd = targetNic.allocateProtectionDomain(targetSpace);
        sourceRegion = sourceNic.registerMemory(sourcePd, sourceBase, length, true, true, false).requireRegion();
        targetRegion = targetNic.registerMemory(targetPd, targetBase, length, true, true, true).requireRegion();
        sourceCq = sourceNic.createCompletionQueue(4);
        CompletionQueue targetCq = targetNic.createCompletionQueue(4);
        QueuePairConfig config = new QueuePairConfig(4, 4, QueuePairConfig.DEFAULT.retryCount(),
                QueuePairConfig.DEFAULT.rnrRetry());
        sourceQp = sourceNic.createQueuePair(sourcePd, sourceCq, sourceNic.createCompletionQueue(4), config);
        targetQp = targetNic.createQueuePair(targetPd, targetNic.createCompletionQueue(4), targetCq, config);
        sourceQp.connect(targetNic.endpoint(), targetQp.qpn());
        targetQp.connect(sourceNic.endpoint(), sourceQp.qpn());
        targetCq.setListener(() -> context.scheduler().schedule(0, () -> {
            for (WorkCompletion wc : targetCq.poll(Integer.MAX_VALUE)) {
                targetFailure = firstFailure(targetFailure, wc);
            }
        }));
        sourceCq.setListener(() -> context.scheduler().schedule(0, this::drain));
        if (bulkSize > 0) {
            openBulk(sourceNic, targetNic, config);
        }
        startedAt = context.scheduler().now();
        if (advise.equals("none")) {
            post();
        } else {
            adviseTarget(targetPd, length);
        }
    }

    /** ibv_advise_mr on the whole target region, then the probes (at once without the flush flag). */
    private void adviseTarget(ProtectionDomain targetPd, long length) {
        if (!(targetNic instanceof NpfHca hca)) {
            throw new IllegalArgumentException("advise: " + advise + " needs an ib-npf-hca on "
                    + context.parameters().get(FaultProbeType.TARGET));
        }
        OdpAdvice advice = switch (advise) {
            case "prefetch-write" -> OdpAdvice.PREFETCH_WRITE;
            case "prefetch-no-fault" -> OdpAdvice.PREFETCH_NO_FAULT;
            default -> OdpAdvice.PREFETCH;
        };
        hca.adviseMemoryRegion(targetPd, advice, adviseFlush ? OdpAdvice.FLAG_FLUSH : 0,
                List.of(new Sge(targetBase, length, targetRegion.lkey())), status -> {
                    adviseStatus = status;
                    adviseTime = context.scheduler().now() - startedAt;
                    if (status != AdviseStatus.OK) {
                        finish();
                        return;
                    }
                    post();
                });
    }

    /** A second pair of protection domains, regions and queue pairs for the bulk writes. */
    private void openBulk(Nic sourceNic, Nic targetNic, QueuePairConfig probeConfig) {
        long length = PageSize.BASE.alignUp(Math.multiplyExact(bulkSize, probes));
        long src = sourceMemory.mmap(sourceSpace, length, MapOptions.DEFAULT);
        long dst = targetMemory.mmap(targetSpace, length, MapOptions.DEFAULT);
        ProtectionDomain sourcePd = sourceNic.allocateProtectionDomain(sourceSpace);
        ProtectionDomain targetPd = targetNic.allocateProtectionDomain(targetSpace);
        bulkSource = sourceNic.registerMemory(sourcePd, src, length, false, false, false).requireRegion();
        bulkTarget = targetNic.registerMemory(targetPd, dst, length, true, false, true).requireRegion();
        int depth = (int) Math.min(Integer.MAX_VALUE - 1, probes) + 1;
        QueuePairConfig config = new QueuePairConfig(depth, 4, probeConfig.retryCount(), probeConfig.rnrRetry());
        CompletionQueue sendCq = sourceNic.createCompletionQueue(depth);
        sendCq.setListener(() -> context.scheduler().schedule(0, () -> {
            for (WorkCompletion wc : sendCq.poll(Integer.MAX_VALUE)) {
                bulkFailure = firstFailure(bulkFailure, wc);
                bulkFailed += wc.isSuccess() ? 0 : 1;
            }
        }));
        bulkQp = sourceNic.createQueuePair(sourcePd, sendCq, sourceNic.createCompletionQueue(4), config);
        QueuePair remote = targetNic.createQueuePair(targetPd, targetNic.createCompletionQueue(4),
                targetNic.createCompletionQueue(4), config);
        bulkQp.connect(targetNic.endpoint(), remote.qpn());
        remote.connect(sourceNic.endpoint(), bulkQp.qpn());
    }

    /** Posts the operation of the current step: probe {@code step / 2}, cold when even. */
    private void post() {
        long offset = (step / 2) * size;
        if (bulkQp != null && step % 2 == 0) {
            long bulkOffset = (step / 2) * bulkSize;
            bulkQp.postSend(WorkRequest.write(step, bulkSource, bulkSource.address() + bulkOffset, bulkSize,
                    bulkTarget.address() + bulkOffset, bulkTarget.rkey()));
        }
        WorkRequest request = switch (verb) {
            case "read" -> WorkRequest.read(step, sourceRegion, sourceBase + offset, size, targetBase + offset,
                    targetRegion.rkey());
            case "send" -> WorkRequest.send(step, sourceRegion, sourceBase + offset, size);
            default -> WorkRequest.write(step, sourceRegion, sourceBase + offset, size, targetBase + offset,
                    targetRegion.rkey());
        };
        if (verb.equals("send")) {
            targetQp.postReceive(new ReceiveRequest(step, targetBase + offset, targetRegion.lkey(), size));
        }
        postedAt = context.scheduler().now();
        sourceQp.postSend(request);
    }

    private void drain() {
        for (WorkCompletion wc : sourceCq.poll(Integer.MAX_VALUE)) {
            long now = context.scheduler().now();
            lastCompletion = now;
            messages.increment();
            if (!wc.isSuccess()) {
                sourceFailure = firstFailure(sourceFailure, wc);
                errors.increment();
                finish();
                return;
            }
            bytes.add(size);
            latency.record(now - postedAt);
            (step % 2 == 0 ? cold : warm).record(now - postedAt);
            context.progress(step + 1, 2 * probes);
            step++;
            if (step < 2 * probes) {
                post();
            } else {
                check();
                finish();
            }
        }
    }

    private void finish() {
        finished = true;
        context.finish();
    }

    private static CompletionStatus firstFailure(CompletionStatus seen, WorkCompletion wc) {
        return seen != null || wc.isSuccess() ? seen : wc.status();
    }

    /**
     * The probe operations asked for (a cold and a warm one per probe), of which those that
     * succeeded; problems: a queue pair in ERROR, failed bulk writes, an operation whose completion
     * never came.
     */
    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome outcome = WorkloadOutcome.of(2 * probes, step, "operations")
                .withQueuePair(sourceNic.endpoint(), sourceQp, sourceFailure)
                .withQueuePair(targetNic.endpoint(), targetQp, targetFailure);
        if (bulkQp != null) {
            outcome = outcome.withQueuePair(sourceNic.endpoint(), bulkQp, bulkFailure);
        }
        if (bulkFailed > 0) {
            outcome = outcome.withProblem(bulkFailed + " bulk writes failed");
        }
        if (adviseStatus != null && adviseStatus != AdviseStatus.OK) {
            outcome = outcome.withProblem("ibv_advise_mr on the target region returned " + adviseStatus);
        }
        if (!finished) {
            outcome = outcome.withProblem("operation " + step + " was posted and never completed");
        }
        return Optional.of(outcome);
    }

    /** Compares the slots page by page: the target (the source, for READ) must hold the data. */
    private void check() {
        long page = PageSize.BASE.bytes();
        long length = size * probes;
        byte[] expected = new byte[(int) page];
        byte[] actual = new byte[(int) page];
        for (long offset = 0; offset < length; offset += page) {
            int piece = (int) Math.min(page, length - offset);
            sourceMemory.read(sourceSpace, sourceBase + offset, expected, 0, piece);
            targetMemory.read(targetSpace, targetBase + offset, actual, 0, piece);
            if (!Arrays.equals(expected, 0, piece, actual, 0, piece)) {
                mismatched.increment();
            }
        }
    }
}
