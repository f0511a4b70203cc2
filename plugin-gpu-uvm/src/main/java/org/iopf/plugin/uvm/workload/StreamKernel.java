package org.iopf.plugin.uvm.workload;

import java.util.Optional;
import org.iopf.api.buffer.AllocationMode;
import org.iopf.api.buffer.BufferManager;
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
 * The {@code uvm-stream} run. The CPU fills the managed allocation and a host reference with the
 * same generated content; the kernel's warps read every element of the allocation once (each
 * first touch of a page faults it onto the GPU), {@code rounds} times, the CPU writing the first
 * word of every page of both between two rounds; then the CPU reads every page back (pages on the
 * GPU migrate back) and compares it with the reference. Figures under {@code workload.}:
 * {@code kernel.time}, {@code kernel.accesses}, and the standard ones — {@code messages} (1 kernel),
 * {@code bytes} (read by the kernel), {@code elapsed} (from the first launch to the last kernel's end), {@code errors} (a
 * cancelled channel), {@code integrity.mismatchedPages}.
 */
final class StreamKernel implements Workload {
    private final WorkloadContext context;
    private final UvmGpu gpu;
    private final MemoryManager memory;
    private final long size;
    private final long accessBytes;
    private final boolean random;
    private final boolean stencil;
    private final long rowBytes;
    private final long seed;
    private final int rounds;
    private int round;
    private final WorkloadMeter meter;
    private long kernelTime;
    private long kernelAccesses;
    private String problem;

    StreamKernel(WorkloadContext context) {
        this.context = context;
        Parameters p = context.parameters();
        Node node = context.requireNode(p.get(StreamKernelType.NODE));
        BufferManager manager = node.requireRole(BufferManager.class);
        if (!(manager instanceof UvmGpu g)) {
            throw new IllegalStateException("node '" + node.id() + "' has buffer manager " + manager
                    + ", not a uvm-gpu");
        }
        this.gpu = g;
        this.memory = node.memoryManager();
        this.size = p.get(StreamKernelType.SIZE);
        this.accessBytes = p.get(StreamKernelType.ACCESS_BYTES);
        this.random = p.get(StreamKernelType.PATTERN).equals("random");
        this.stencil = p.get(StreamKernelType.PATTERN).equals("stencil");
        this.rowBytes = p.get(StreamKernelType.ROW_BYTES);
        this.seed = p.get(StreamKernelType.SEED);
        this.rounds = p.get(StreamKernelType.ROUNDS);
        this.meter = WorkloadMeter.of(context, 1);
        StreamKernelType.KERNEL_TIME.gauge(context.metrics(), () -> kernelTime);
        StreamKernelType.KERNEL_ACCESSES.gauge(context.metrics(), () -> kernelAccesses);
    }

    @Override
    public void start() {
        AddressSpace space = memory.createAddressSpace("uvm-app");
        long buffer = gpu.allocate(space, new BufferSpec(size, AllocationMode.PAGES, 0, NumaPolicy.NEAREST, false))
                .requireBuffer().address();
        long reference = memory.mmap(space, size, MapOptions.DEFAULT);
        memory.fill(space, buffer, size, seed);
        memory.fill(space, reference, size, seed);
        meter.start();
        gpu.launch(space, stream(buffer), result -> ended(space, buffer, reference, result));
    }

    private AccessStream stream(long base) {
        long elements = size / accessBytes;
        long stride = random ? coprimeStride(elements) : 1;
        long offset = random ? Math.floorMod(seed * 0x9E3779B97F4A7C15L, elements) : 0;
        long row = Math.max(1, rowBytes / accessBytes);
        return new AccessStream() {
            @Override
            public long address(int warp, long index, int warps) {
                if (stencil) {
                    // element k's three loads: the row above, k itself, the row below (k again at an edge)
                    long k = warp + (index / 3) * warps;
                    if (k >= elements) {
                        return -1;
                    }
                    long neighbour = k + (index % 3 - 1) * row;
                    return base + (neighbour < 0 || neighbour >= elements ? k : neighbour) * accessBytes;
                }
                long k = warp + index * warps;
                if (k >= elements) {
                    return -1;
                }
                long element = random ? Math.floorMod(k * stride + offset, elements) : k;
                return base + element * accessBytes;
            }

            @Override
            public Access access() {
                return Access.READ;
            }

            @Override
            public long accessBytes() {
                return accessBytes;
            }
        };
    }

    /** A stride coprime with {@code n}, so that {@code k * stride mod n} visits every element once. */
    private long coprimeStride(long n) {
        long s = Math.floorMod(seed * 0x2545F4914F6CDD1DL, n) | 1;
        while (gcd(s, n) != 1) {
            s += 2;
        }
        return s;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private void ended(AddressSpace space, long buffer, long reference, KernelResult result) {
        kernelTime += result.elapsedNanos();
        kernelAccesses += result.accesses();
        if (result.ok() && ++round < rounds) {
            // the CPU writes every page: a page on the GPU migrates back first
            byte[] word = java.nio.ByteBuffer.allocate(8).putLong(round).array();
            for (long off = 0; off < size; off += PageSize.BASE.bytes()) {
                memory.write(space, buffer + off, word, 0, word.length);
                memory.write(space, reference + off, word, 0, word.length);
            }
            gpu.launch(space, stream(buffer), next -> ended(space, buffer, reference, next));
            return;
        }
        // the CPU reads every page back: a page on the GPU migrates back (migrate_to_ram)
        for (long va = buffer; va < buffer + size; va += PageSize.BASE.bytes()) {
            if (memory.faultInNow(space, va, Access.READ) == FaultInResult.OUT_OF_MEMORY) {
                break;
            }
        }
        meter.mismatched(PageIntegrity.mismatchedPages(memory, space, reference, memory, space, buffer, size));
        if (result.ok()) {
            meter.succeeded(result.bytes());
        } else {
            problem = result.error();
            meter.failed();
        }
        context.finish();
    }

    @Override
    public Optional<WorkloadOutcome> outcome() {
        WorkloadOutcome o = meter.outcome("kernels");
        return Optional.of(problem == null ? o : o.withProblem(problem));
    }
}
