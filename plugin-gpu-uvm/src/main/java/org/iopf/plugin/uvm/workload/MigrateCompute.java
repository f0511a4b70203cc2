package org.iopf.plugin.uvm.workload;

import java.util.Optional;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.FaultInResult;
import org.iopf.api.mem.MapOptions;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.NumaPolicy;
import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Node;
import org.iopf.api.platform.Parameters;
import org.iopf.api.workload.Workload;
import org.iopf.api.workload.WorkloadContext;
import org.iopf.api.workload.WorkloadOutcome;
import org.iopf.plugin.uvm.AccessStream;
import org.iopf.plugin.uvm.KernelResult;
import org.iopf.plugin.uvm.UvmGpu;
import org.iopf.toolkit.integrity.PageIntegrity;
import org.iopf.toolkit.workload.WorkloadMeter;

/**
 * The {@code uvm-migrate-compute} run, four steps: (1) a copy kernel on pages still in system
 * memory — every first load of an input page and every first store to an output page is a far
 * fault, so its time is the migration's ({@code migrate.time}, {@code migrate.rate} from the pages
 * the GPU migrated); (2) the same kernel on the now resident data ({@code compute.device.rate}:
 * bytes loaded plus stored per second); (3) the CPU reads every output page back, each migrating
 * ({@code readback.time}, {@code readback.rate}); (4) the CPU reads every input page
 * ({@code faultback.time}). Both buffers are then compared with a host reference filled with the
 * same content ({@code integrity.mismatchedPages}). Standard figures: {@code bytes} (input bytes
 * migrated), {@code elapsed} (the four steps), {@code errors} (a cancelled channel or a failed
 * CPU fault).
 */
final class MigrateCompute implements Workload {
    private static final long PAGE = PageSize.BASE.bytes();
    private final WorkloadContext context;
    private final UvmGpu gpu;
    private final MemoryManager memory;
    private final long size;
    private final long accessBytes;
    private final long seed;
    private final WorkloadMeter meter;
    private final long[] figures = new long[MigrateComputeType.STATISTICS.size()];
    private AddressSpace space;
    private long in;
    private long out;
    private long reference;
    private String problem;

    MigrateCompute(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        Node node = context.requireNode(p.get(MigrateComputeType.NODE));
        if (!(node.requireRole(org.iopf.api.buffer.BufferManager.class) instanceof UvmGpu g)) {
            throw new IllegalStateException("node '" + node.id() + "' has no uvm-gpu");
        }
        this.gpu = g;
        this.memory = node.memoryManager();
        this.size = p.get(MigrateComputeType.SIZE);
        this.accessBytes = p.get(MigrateComputeType.ACCESS_BYTES);
        this.seed = p.get(MigrateComputeType.SEED);
        this.meter = WorkloadMeter.of(context, 4);
        for (int i = 0; i < figures.length; i++) {
            int k = i;
            MigrateComputeType.STATISTICS.get(i).gauge(context.metrics(), () -> figures[k]);
        }
    }

    @Override
    public void start() {
        space = memory.createAddressSpace("uvm-app");
        BufferSpec spec = new BufferSpec(size, AllocationMode.PAGES, 0, NumaPolicy.NEAREST, false);
        in = gpu.allocate(space, spec).requireBuffer().address();
        out = gpu.allocate(space, spec).requireBuffer().address();
        reference = memory.mmap(space, size, MapOptions.DEFAULT);
        memory.fill(space, in, size, seed);
        memory.fill(space, reference, size, seed);
        meter.start();
        long before = gpu.migratedToDevicePages();
        gpu.launch(space, copyKernel(), first -> {
            if (!step(first)) {
                return;
            }
            figures[0] = first.elapsedNanos();
            long migrated = (gpu.migratedToDevicePages() - before) * PAGE;
            figures[1] = rate(Math.min(migrated, size), first.elapsedNanos());
            meter.succeeded(Math.min(migrated, size));
            gpu.launch(space, copyKernel(), second -> {
                if (!step(second)) {
                    return;
                }
                figures[2] = rate(second.bytes(), second.elapsedNanos());
                meter.succeeded(0);
                long readStart = context.scheduler().now();
                cpuRead(out, () -> {
                    figures[3] = context.scheduler().now() - readStart;
                    figures[4] = rate(size, figures[3]);
                    meter.succeeded(0);
                    long faultStart = context.scheduler().now();
                    cpuRead(in, () -> {
                        figures[5] = context.scheduler().now() - faultStart;
                        meter.succeeded(0);
                        finish();
                    });
                });
            });
        });
    }

    /** out[k] = in[k]: warp w loads element k = w + i x warps of the input, then stores it to the output. */
    private AccessStream copyKernel() {
        long perPage = PAGE / accessBytes;
        long elements = size / PAGE * perPage;
        return new AccessStream() {
            @Override
            public long address(int warp, long index, int warps) {
                long k = warp + (index / 2) * warps;
                return k >= elements ? -1 : (index % 2 == 0 ? in : out) + offset(k);
            }

            private long offset(long k) {
                return k / perPage * PAGE + k % perPage * accessBytes;
            }

            @Override
            public Access access() {
                return Access.READ;
            }

            @Override
            public Access access(int warp, long index) {
                return index % 2 == 0 ? Access.READ : Access.WRITE;
            }

            @Override
            public long copySource(int warp, long index, int warps) {
                return index % 2 == 0 ? -1 : in + offset(warp + (index / 2) * warps);
            }

            @Override
            public long accessBytes() {
                return accessBytes;
            }
        };
    }

    /** A kernel's end: false (and the run finished) if its channel was cancelled. */
    private boolean step(KernelResult result) {
        if (result.ok()) {
            return true;
        }
        problem = result.error();
        meter.failed();
        finish();
        return false;
    }

    /** The CPU reads one byte of every page of {@code [va, va+size)} in turn; a GPU-resident page migrates back. */
    private void cpuRead(long va, Runnable then) {
        readFrom(va, va + size, then);
    }

    private void readFrom(long va, long end, Runnable then) {
        if (va >= end) {
            then.run();
            return;
        }
        memory.faultIn(space, va, Access.READ, r -> {
            if (r.result() == FaultInResult.OUT_OF_MEMORY || r.result() == FaultInResult.DEVICE_PRIVATE
                    || r.result() == FaultInResult.NO_MAPPING) {
                problem = "the CPU could not read 0x" + Long.toHexString(va) + ": " + r.result();
                meter.failed();
            }
            readFrom(va + PAGE, end, then);
        });
    }

    private void finish() {
        meter.mismatched(PageIntegrity.mismatchedPages(memory, space, reference, memory, space, in, size));
        meter.mismatched(PageIntegrity.mismatchedPages(memory, space, reference, memory, space, out, size));
        context.finish();
    }

    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome o = meter.outcome("steps");
        return Optional.of(problem == null ? o : o.withProblem(problem));
    }

    private static long rate(long bytes, long nanos) {
        return nanos <= 0 ? 0 : Math.round(bytes * 8e9 / nanos);
    }
}
