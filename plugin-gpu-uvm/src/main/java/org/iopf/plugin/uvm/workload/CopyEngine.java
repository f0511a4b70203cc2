package org.iopf.plugin.uvm.workload;

import java.util.Optional;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.plugin.uvm.KernelResult;
import org.iopf.plugin.uvm.UvmGpu;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * The {@code uvm-copy} run: one copy-engine copy of a CPU-filled managed source into a managed
 * destination (checked against a host reference), then, with {@code freeSource}, the source freed
 * and the copy issued again, which the driver cannot service: that copy ends with the channel's
 * error status and counts as the run's one error. Figures: {@code copy.time} (the first copy),
 * {@code copy.cancelled}, and the standard ones ({@code bytes}: the first copy's).
 */
final class CopyEngine implements Workload {
    private final WorkloadContext context;
    private final UvmGpu gpu;
    private final MemoryManager memory;
    private final long size;
    private final boolean freeSource;
    private final long seed;
    private final WorkloadMeter meter;
    private long copyTime;
    private long cancelled;
    private String problem;

    CopyEngine(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        Node node = context.requireNode(p.get(CopyEngineType.NODE));
        if (!(node.requireRole(BufferManager.class) instanceof UvmGpu g)) {
            throw new IllegalStateException("node '" + node.id() + "' has no uvm-gpu");
        }
        this.gpu = g;
        this.memory = node.memoryManager();
        this.size = p.get(CopyEngineType.SIZE);
        this.freeSource = p.get(CopyEngineType.FREE_SOURCE);
        this.seed = p.get(CopyEngineType.SEED);
        this.meter = WorkloadMeter.of(context, freeSource ? 2 : 1);
        CopyEngineType.COPY_TIME.gauge(context.metrics(), () -> copyTime);
        CopyEngineType.CANCELLED.gauge(context.metrics(), () -> cancelled);
    }

    @Override
    public void start() {
        AddressSpace space = memory.createAddressSpace("uvm-app");
        BufferSpec spec = new BufferSpec(size, AllocationMode.PAGES, 0, NumaPolicy.NEAREST, false);
        Buffer source = gpu.allocate(space, spec).requireBuffer();
        long dst = gpu.allocate(space, spec).requireBuffer().address();
        long reference = memory.mmap(space, size, MapOptions.DEFAULT);
        memory.fill(space, source.address(), size, seed);
        memory.fill(space, reference, size, seed);
        meter.start();
        gpu.copy(space, source.address(), dst, size, first -> {
            copyTime = first.elapsedNanos();
            ended(first);
            meter.mismatched(PageIntegrity.mismatchedPages(memory, space, reference, memory, space, dst, size));
            if (!freeSource || !first.ok()) {
                context.finish();
                return;
            }
            gpu.release(source); // munmap: the OS invalidates the range, so the GPU's mappings go too
            gpu.copy(space, source.address(), dst, size, second -> {
                ended(second);
                context.finish();
            });
        });
    }

    private void ended(KernelResult result) {
        if (result.ok()) {
            meter.succeeded(result.bytes());
            return;
        }
        cancelled++;
        problem = result.error();
        meter.failed();
    }

    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome o = meter.outcome("copies");
        return Optional.of(problem == null ? o : o.withProblem(problem));
    }
}
