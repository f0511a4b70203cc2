package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.NumaTopology;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.PhysicalMemory;
import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.CpuCore;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Resources;
import org.iopf.api.sim.WorkPriority;

/**
 * A memory-system model for one node (seed 004 §3.2, E5): a thread streaming over a buffer spends,
 * per 64-byte line, the time to move it at the cache rate, plus on a last-level-cache miss the
 * line-fill latency divided by the fills it keeps in flight (Little's law). A fill from a remote
 * NUMA node takes the local latency times the SLIT distance over 10 (the SLIT's own meaning), and
 * its bytes cross the interconnect; every fill's bytes pass the memory controller of the NUMA node
 * that holds the page. The cache is set associative ({@link LastLevelCache}): a buffer well within
 * it pays the remote penalty only on its first pass, one well beyond it on every pass, and in
 * between the share of frames that miss grows with the buffer: the figures of E5 follow from
 * buffer size, not from a table.
 *
 * <p>Kept in the plugin for now; other plugins (HMM, PLDMA) may want it in core later.
 */
final class MemorySystemModel {
    /** Bytes of one cache line. */
    static final long LINE = 64;

    private final MemorySystemConfig config;
    private final PhysicalMemory memory;
    private final LastLevelCache cache;
    private final BandwidthResource[] controllers;
    private final BandwidthResource interconnect;
    private final double hitNanosPerByte;

    MemorySystemModel(MemorySystemConfig config, PhysicalMemory memory, Resources resources, String prefix) {
        this.config = Objects.requireNonNull(config, "config is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.cache = new LastLevelCache(config.llcBytes(), config.llcWays());
        int nodes = memory.topology().nodeCount();
        this.controllers = new BandwidthResource[nodes];
        for (int i = 0; i < nodes; i++) {
            controllers[i] = resources.bandwidth(prefix + ".mc" + i, config.controllerBandwidth());
        }
        this.interconnect = resources.bandwidth(prefix + ".interconnect", config.interconnectBandwidth());
        this.hitNanosPerByte = 1e9 / config.cacheBandwidth().bytesPerSecond();
    }

    LastLevelCache cache() {
        return cache;
    }

    /** The line-fill latency seen from {@code cpuNode} for memory on {@code memoryNode}. */
    double fillLatency(int cpuNode, int memoryNode) {
        return config.dramLatencyNanos() * memory.topology().distance(cpuNode, memoryNode) / 10.0;
    }

    /**
     * Accounts a thread on NUMA node {@code cpuNode} touching {@code [va, va+length)} of
     * {@code space} (every page present): updates the cache and returns the cost.
     */
    MemoryAccessCost access(int cpuNode, AddressSpace space, long va, long length) {
        NumaTopology topology = memory.topology();
        if (cpuNode < 0 || cpuNode >= topology.nodeCount()) {
            throw new IllegalArgumentException("no NUMA node " + cpuNode);
        }
        long[] dram = new long[topology.nodeCount()];
        long remote = 0;
        long hit = 0;
        double nanos = 0;
        long at = va;
        long end = va + length;
        while (at < end) {
            long page = at;
            PageTableEntry pte = space.entry(page).filter(PageTableEntry::present).orElseThrow(
                    () -> new IllegalStateException("page at 0x" + Long.toHexString(page) + " of " + space.name() + " not present"));
            long frameEnd = Math.min(end, ((at / LastLevelCache.FRAME) + 1) * LastLevelCache.FRAME);
            long piece = frameEnd - at;
            long pa = pte.physicalAddress(at);
            nanos += piece * hitNanosPerByte;
            if (cache.access(pa)) {
                hit += piece;
            } else {
                int node = memory.numaNodeOf(pa);
                long lines = (piece + LINE - 1) / LINE;
                nanos += lines * fillLatency(cpuNode, node) / config.parallelism();
                dram[node] += lines * LINE;
                if (node != cpuNode) {
                    remote += lines * LINE;
                }
            }
            at = frameEnd;
        }
        return new MemoryAccessCost(Math.round(nanos), dram, remote, hit);
    }

    /**
     * Runs an access's cost: the core's work at {@code priority} and the fills on the memory
     * controllers and the interconnect; {@code onDone} fires when all of them have finished.
     */
    void spend(CpuCore core, String label, WorkPriority priority, MemoryAccessCost cost, long flowId, Event onDone) {
        long[] dram = cost.dramBytes();
        int parts = 1 + (cost.remoteBytes() > 0 ? 1 : 0);
        for (long b : dram) {
            if (b > 0) {
                parts++;
            }
        }
        int[] pending = {parts};
        Event one = () -> {
            if (--pending[0] == 0 && onDone != null) {
                onDone.fire();
            }
        };
        core.run(label, priority, cost.cpuNanos(), flowId, one);
        for (int i = 0; i < dram.length; i++) {
            if (dram[i] > 0) {
                controllers[i].transfer(dram[i], one);
            }
        }
        if (cost.remoteBytes() > 0) {
            interconnect.transfer(cost.remoteBytes(), one);
        }
    }

    /** Forgets a freed buffer's frames. */
    void invalidate(DmaplaneBuffer buffer) {
        long va = buffer.address();
        long end = va + buffer.mappedLength();
        while (va < end) {
            long at = va;
            PageTableEntry pte = buffer.owner().entry(at).orElse(null);
            if (pte == null || !pte.present()) {
                va += LastLevelCache.FRAME;
                continue;
            }
            long pageEnd = pte.va() + pte.size().bytes();
            cache.invalidate(pte.physicalAddress(at), pageEnd - at);
            va = pageEnd;
        }
    }
}
