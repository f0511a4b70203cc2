package org.iopf.core.mem;

import org.iopf.api.mem.ContentMode;
import org.iopf.api.mem.MapOptions;

/**
 * The parts of a {@link DemandPagingMemoryManager} wired as the façade wires them, each reachable
 * on its own so that a test drives one part and checks the shared state it leaves.
 */
final class PagingParts {
    static final long MIB = 1L << 20;
    static final long PAGE = 4096;

    final ManualScheduler scheduler = new ManualScheduler();
    final SparsePhysicalMemory memory;
    final PagingState state;
    final ProcessTable processes = new ProcessTable();
    final PinAccount pins;
    final SwapReclaimer reclaimer;
    final HugePageSplitter splitter;
    final MigrationEntries entries;
    final PageUnmapper unmapper;
    final CopyOnWriteForker forker;
    final PageFaultPath faults;
    final RangePinner pinner;
    final NumaMigrator numa;
    final HmmDeviceMemory device;

    PagingParts(SlitNumaTopology topology, MemoryManagerConfig config) {
        this.memory = new SparsePhysicalMemory("dram", topology, ContentMode.BYTES);
        this.state = new PagingState(memory, config);
        this.pins = new PinAccount(state.clock);
        this.reclaimer = new SwapReclaimer(state);
        this.splitter = new HugePageSplitter(state);
        this.entries = new MigrationEntries(state);
        DeviceExclusiveEntries exclusive = new DeviceExclusiveEntries(state);
        this.unmapper = new PageUnmapper(state, entries, splitter, pins);
        this.forker = new CopyOnWriteForker(state, processes, reclaimer, splitter, entries, unmapper);
        this.faults = new PageFaultPath(state, scheduler, reclaimer, forker, entries, exclusive);
        this.pinner = new RangePinner(config.pinnableLimitBytes(), pins, faults, forker);
        this.numa = new NumaMigrator(state, splitter);
        this.device = new HmmDeviceMemory(state, processes, reclaimer, splitter, entries, faults, exclusive);
    }

    /** 8 MiB on one node, no THP, 64 MiB of swap, watermarks of 0 (reclaim only when asked). */
    static PagingParts small() {
        return new PagingParts(SlitNumaTopology.singleNode(8 * MIB),
                MemoryManagerConfig.defaults().withThp(false).withWatermarks(0, 0).withSwap(64 * MIB));
    }

    /** A registered process with one anonymous mapping of {@code bytes} at its first address. */
    ProcessAddressSpace process(String name, long bytes, MapOptions options) {
        ProcessAddressSpace p = processes.newProcess(name);
        processes.register(p);
        long va = p.reserveMapping(bytes);
        p.addVma(new org.iopf.api.mem.Vma(new org.iopf.api.mem.AddressRange(va, bytes), options.writable(), options));
        return p;
    }
}
