package org.iopf.plugin.uvm;

import static java.util.Objects.requireNonNull;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.fault.FaultHandler;
import org.iopf.api.fault.PageFault;
import org.iopf.api.iommu.Iommu;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.ServiceTime;
import org.iopf.api.sim.WorkPriority;

/**
 * The UVM driver's replayable-fault servicing, following {@code uvm_parent_gpu_service_replayable_faults}
 * in NVIDIA's {@code kernel-open/nvidia-uvm/uvm_gpu_replayable_faults.c}. The GPU's fault interrupt
 * wakes the bottom half ({@code uvm/isr}); each service call handles up to
 * {@code maxBatchesPerService} batches:
 * <ol>
 *   <li><b>fetch</b> ({@code uvm/fetch}): up to {@code batchSize} valid entries are read from the
 *       fault buffer, the overflow flag cleared, the batch sorted and duplicates of a page coalesced
 *       ({@link FaultBatch});</li>
 *   <li><b>service</b> ({@code uvm/service}, then {@code uvm/migrate}): per VA block in address
 *       order, on the driver's core ({@link BlockService}); copies run on the copy engines while the
 *       core goes on to the next block, and the batch waits for them (the driver's tracker);</li>
 *   <li><b>replay</b> ({@code uvm/replay}) by {@link ReplayPolicy}: after each block, after each
 *       batch, after each batch once the buffer has been flushed (the default), or once per call;
 *       a call that replayed nothing replays at its end, so faults the buffer dropped are re-issued.
 *       The faults replayed end with a retry; fatal ones are terminated, which cancels their
 *       channel.</li>
 * </ol>
 * Faults the node's IOMMU raises (not from the GPU) are serviced as ATS faults ({@link AtsService}).
 */
final class UvmDriver implements FaultHandler {
    private final UvmGpu gpu;
    private final CpuCore core;
    private final DriverMetrics metrics;
    private final BlockService blocks;
    private final AtsService ats;
    private final NonReplayableService nonReplayable;
    private final ComponentContext context;
    private final int batchSize;
    private final int maxBatches;
    private final ReplayPolicy policy;
    private final ServiceTime interruptLatency;
    private final ServiceTime batchOverhead;
    private final long fetchEntryTime;
    private final ServiceTime blockServiceTime;
    /** Draws the service times; a constant draws nothing. */
    private final RandomGenerator random;
    private final String track;
    /** Faults handed over by the node whose entries are not fetched yet: their valid bit. */
    private final Map<Long, PageFault> delivered = new HashMap<>();
    /** Entries flushed before their fault was handed over: retried when it is. */
    private final Set<Long> flushedEarly = new HashSet<>();
    private boolean servicing;

    @Inject
    UvmDriver(ComponentContext context, MemoryManager memory, BufferManager bufferManager) {
        this.context = requireNonNull(context, "context is null");
        if (!(bufferManager instanceof UvmGpu g)) {
            throw new IllegalArgumentException(context.path() + ": uvm-driver needs a uvm-gpu on its node, found "
                    + bufferManager);
        }
        this.gpu = g;
        this.track = context.path();
        Parameters p = context.parameters();
        String coreName = p.get(UvmDriverType.CORE);
        if (coreName.isEmpty() && context.resources().cores().isEmpty()) {
            throw new IllegalArgumentException(track + ": the node has no CPU core to service faults on");
        }
        this.core = coreName.isEmpty() ? context.resources().cores().get(0) : context.resources().requireCore(coreName);
        this.metrics = new DriverMetrics(context.metrics());
        this.batchSize = p.get(UvmDriverType.BATCH_SIZE);
        this.maxBatches = p.get(UvmDriverType.MAX_BATCHES);
        this.policy = ReplayPolicy.of(p.get(UvmDriverType.REPLAY_POLICY));
        this.random = context.random();
        this.interruptLatency = p.get(UvmDriverType.INTERRUPT_LATENCY);
        this.batchOverhead = p.get(UvmDriverType.BATCH_OVERHEAD);
        this.fetchEntryTime = p.get(UvmDriverType.FETCH_ENTRY_TIME);
        this.blockServiceTime = p.get(UvmDriverType.BLOCK_SERVICE_TIME);
        TreePrefetcher prefetcher = p.get(UvmDriverType.PREFETCH)
                ? new TreePrefetcher(p.get(UvmDriverType.PREFETCH_THRESHOLD)) : null;
        ThrashingDetector thrashing = p.get(UvmDriverType.THRASHING) ? new ThrashingDetector(
                p.get(UvmDriverType.THRASHING_THRESHOLD), p.get(UvmDriverType.THRASHING_LAPSE),
                p.get(UvmDriverType.THRASHING_PIN_THRESHOLD), p.get(UvmDriverType.THRASHING_NAP),
                p.get(UvmDriverType.THRASHING_PIN)) : null;
        DriverMetrics.THRASHING.gauge(context.metrics(), () -> thrashing == null ? 0 : thrashing.detected());
        this.blocks = new BlockService(gpu, metrics, prefetcher, p.get(UvmDriverType.EVICTION), thrashing,
                context.tracer(), track);
        this.ats = new AtsService(memory, core, p.get(UvmDriverType.ATS_SERVICE_TIME), random, metrics);
        this.nonReplayable = new NonReplayableService(gpu, memory, core, blockServiceTime, random, metrics);
    }

    /** The node's IOMMU, when it has one: its faults are serviced as ATS faults. */
    @com.google.inject.Inject(optional = true)
    void useIommu(Iommu iommu) {
        ats.useIommu(requireNonNull(iommu, "iommu is null"));
    }

    @Override
    public void handle(PageFault fault) {
        if (!fault.record().source().equals(gpu.path())) {
            ats.handle(fault, this::retry, this::terminate);
            return;
        }
        long id = fault.record().id();
        if (gpu.nonReplayable(id)) {
            nonReplayable.handle(fault, this::retry, this::terminate);
            return;
        }
        if (flushedEarly.remove(id)) {
            metrics.flushed.increment();
            retry(fault);
            return;
        }
        delivered.put(id, fault);
        if (!servicing) {
            servicing = true;
            core.run("uvm/isr", WorkPriority.INTERRUPT, interruptLatency.draw(random), id, this::serviceCall);
        }
    }

    // ---- one service call ---------------------------------------------------------------------------

    /** What one service call has done so far. */
    private static final class Call {
        int batches;
        int replays;
        final List<Batch> deferred = new ArrayList<>();
    }

    /** One batch in service. */
    private static final class Batch {
        final FaultBatch faults;
        final long fetchStart;
        long fetchedAt;
        int copies;
        boolean cpuDone;
        final Map<FaultBatch.Block, Long> mappedAt = new HashMap<>();
        final List<FaultBatch.Unique> fatal = new ArrayList<>();

        Batch(FaultBatch faults, long fetchStart) {
            this.faults = faults;
            this.fetchStart = fetchStart;
        }
    }

    private void serviceCall() {
        metrics.serviceCalls.increment();
        nextBatch(new Call());
    }

    private void nextBatch(Call call) {
        if (call.batches >= maxBatches) {
            endCall(call);
            return;
        }
        FaultBuffer buffer = gpu.faultBuffer();
        List<FaultBuffer.Entry> entries = buffer.fetch(batchSize, e -> delivered.containsKey(e.record().id()));
        if (entries.isEmpty()) {
            endCall(call);
            return;
        }
        if (buffer.overflow()) {
            buffer.clearOverflow();
            metrics.overflows.increment();
        }
        List<PageFault> fetched = new ArrayList<>(entries.size());
        for (FaultBuffer.Entry e : entries) {
            fetched.add(delivered.remove(e.record().id()));
        }
        Batch batch = new Batch(FaultBatch.of(fetched), gpu.now());
        metrics.batches.increment();
        metrics.fetched.add(entries.size());
        metrics.coalesced.add(entries.size() - batch.faults.unique());
        metrics.batchFaults.record(entries.size());
        metrics.batchUnique.record(batch.faults.unique());
        metrics.batchBlocks.record(batch.faults.blocks().size());
        long cpu = batchOverhead.draw(random) + fetchEntryTime * entries.size();
        core.run("uvm/fetch", WorkPriority.KERNEL, cpu, fetched.get(0).record().id(), () -> {
            batch.fetchedAt = gpu.now();
            serviceBlock(call, batch, 0);
        });
    }

    private void serviceBlock(Call call, Batch batch, int index) {
        List<FaultBatch.Block> all = batch.faults.blocks();
        if (index == all.size()) {
            batch.cpuDone = true;
            batchServiced(call, batch);
            return;
        }
        FaultBatch.Block block = all.get(index);
        core.run("uvm/service", WorkPriority.KERNEL, blockServiceTime.draw(random), block.firstId(), () -> {
            batch.copies++;
            blocks.service(block, fatal -> {
                batch.copies--;
                batch.mappedAt.put(block, gpu.now());
                batch.fatal.addAll(fatal);
                if (policy == ReplayPolicy.BLOCK) {
                    replay(call, block.firstId());
                    endBlock(batch, block);
                }
                batchServiced(call, batch);
            });
            serviceBlock(call, batch, index + 1);
        });
    }

    /** Once every block's CPU work and copies are done: fatal faults, then the batch's replay. */
    private void batchServiced(Call call, Batch batch) {
        if (!batch.cpuDone || batch.copies > 0) {
            return;
        }
        batch.cpuDone = false; // once
        long flow = batch.faults.entries().get(0).record().id();
        for (FaultBatch.Unique u : batch.fatal) {
            metrics.fatal.increment();
            u.instances().forEach(this::terminate);
        }
        switch (policy) {
            case BLOCK -> {
                // replayed block by block
            }
            case BATCH -> {
                replay(call, flow);
                endBatch(batch);
            }
            case BATCH_FLUSH -> {
                flush();
                replay(call, flow);
                endBatch(batch);
            }
            case ONCE -> call.deferred.add(batch);
            default -> throw new IllegalStateException(policy.toString());
        }
        call.batches++;
        nextBatch(call);
    }

    /** Skips every entry left in the buffer; their faults end with a retry (they fault again if need be). */
    private void flush() {
        for (FaultBuffer.Entry e : gpu.faultBuffer().flush()) {
            PageFault f = delivered.remove(e.record().id());
            if (f == null) {
                flushedEarly.add(e.record().id());
                continue;
            }
            metrics.flushed.increment();
            retry(f);
        }
    }

    private void endCall(Call call) {
        if (!call.deferred.isEmpty() || call.replays == 0) {
            replay(call, 0);
        }
        call.deferred.forEach(this::endBatch);
        if (!gpu.faultBuffer().isEmpty()) {
            core.run("uvm/isr", WorkPriority.INTERRUPT, interruptLatency.draw(random), 0, this::serviceCall);
        } else {
            servicing = false;
        }
    }

    private void replay(Call call, long flow) {
        call.replays++;
        metrics.replays.increment();
        long now = gpu.now();
        long latency = gpu.replay();
        if (context.tracer().enabled()) {
            context.tracer().slice(track, "uvm/replay", now, latency, flow);
        }
    }

    private void endBatch(Batch batch) {
        for (FaultBatch.Block block : batch.faults.blocks()) {
            endBlock(batch, block);
        }
    }

    /** Ends the non-fatal faults of {@code block} with a retry, recording their latency's parts. */
    private void endBlock(Batch batch, FaultBatch.Block block) {
        long now = gpu.now();
        long mapped = batch.mappedAt.get(block);
        for (FaultBatch.Unique u : block.faults()) {
            if (batch.fatal.contains(u)) {
                continue;
            }
            for (PageFault f : u.instances()) {
                long raised = f.record().timeNanos();
                metrics.latency.record(now - raised);
                metrics.latencyWait.record(batch.fetchStart - raised);
                metrics.latencyFetch.record(batch.fetchedAt - batch.fetchStart);
                metrics.latencyService.record(mapped - batch.fetchedAt);
                metrics.latencyReplay.record(now - mapped);
                retry(f);
            }
        }
    }

    private void retry(PageFault fault) {
        metrics.resolved.increment();
        fault.retry();
    }

    private void terminate(PageFault fault) {
        metrics.terminated.increment();
        fault.terminate();
    }

    @Override
    public long resolved() {
        return metrics.resolved.value();
    }

    @Override
    public long terminated() {
        return metrics.terminated.value();
    }

    @Override
    public String toString() {
        return "UvmDriver[" + track + ", batch " + batchSize + ", " + policy.written() + "]";
    }
}
