package org.iopf.benchmarks;

import java.util.concurrent.TimeUnit;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;
import org.iopf.core.mem.DemandPagingMemoryManager;
import org.iopf.core.mem.MemoryManagerConfig;
import org.iopf.core.mem.SlitNumaTopology;
import org.iopf.core.mem.SparsePhysicalMemory;
import org.iopf.core.sim.EventKernel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of the node model's demand paging: one operation is one 4 KiB page of a 64 MiB region
 * touched for the first time ({@code faultInNow} with a write) and later unmapped, on a 256 GiB
 * node. With THP on, 512 pages share one 2 MiB fault, so the figure per page drops.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PageFaultBenchmark {
    private static final long REGION = 64L << 20;
    private static final int PAGES = (int) (REGION / 4096);

    @Param({"false", "true"})
    public boolean thp;

    private DemandPagingMemoryManager memory;
    private AddressSpace process;

    /** A fresh 256 GiB node with one process. */
    @Setup(Level.Trial)
    public void setUp() {
        SparsePhysicalMemory dram = new SparsePhysicalMemory("dram", SlitNumaTopology.singleNode(256L << 30),
                ContentMode.BYTES);
        memory = new DemandPagingMemoryManager(dram, new EventKernel(), MemoryManagerConfig.defaults());
        process = memory.createAddressSpace("bench");
    }

    /** Maps the region, faults every page in, unmaps it. */
    @Benchmark
    @OperationsPerInvocation(PAGES)
    public long touchRegion() {
        long va = memory.mmap(process, REGION, MapOptions.DEFAULT.withTransparentHugePages(thp));
        for (long offset = 0; offset < REGION; offset += 4096) {
            memory.faultInNow(process, va + offset, Access.WRITE);
        }
        long faults = memory.stats().minorFaults();
        memory.munmap(process, va, REGION);
        return faults;
    }
}
