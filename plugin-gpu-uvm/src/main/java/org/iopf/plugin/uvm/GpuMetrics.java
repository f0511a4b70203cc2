package org.iopf.plugin.uvm;

import java.util.List;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.StatisticSpec;

/** The statistics of a {@code uvm-gpu} (under {@code NODE.GPU.}), each declared once here. */
final class GpuMetrics {
    static final StatisticSpec ACCESSES = StatisticSpec.counter("accesses", "accesses",
            "warp accesses that hit in the GPU page table and moved their bytes");
    static final StatisticSpec MISSES = StatisticSpec.counter("tlb.misses", "accesses",
            "warp accesses that missed in the GPU page table (each stalls its warp until a replay)");
    static final StatisticSpec FAULTS = StatisticSpec.counter("faults.raised", "faults",
            "fault entries written into the replayable fault buffer and raised to the node's fault queue");
    static final StatisticSpec COALESCED = StatisticSpec.counter("utlb.coalesced", "accesses",
            "misses on a page their µTLB already had an outstanding fault for (no new entry)");
    static final StatisticSpec THROTTLED = StatisticSpec.counter("utlb.throttled", "accesses",
            "misses that found their µTLB at its outstanding-fault limit (no entry; re-issued at the next replay)");
    static final StatisticSpec DROPPED = StatisticSpec.counter("faultBuffer.dropped", "faults",
            "faults dropped because the fault buffer was full (overflow; re-issued at the next replay)");
    static final StatisticSpec REPLAYS = StatisticSpec.counter("replays", "replays",
            "replays executed: every waiting access re-issued");
    static final StatisticSpec CANCELLED = StatisticSpec.counter("channels.cancelled", "channels",
            "channels cancelled by a fatal fault (their kernel ends with an error)");
    static final StatisticSpec MIGRATED_PAGES = StatisticSpec.counter("migrated.toDevice.pages", "pages",
            "4 KiB pages migrated from system memory into GPU memory");
    static final StatisticSpec MIGRATED_BACK_PAGES = StatisticSpec.counter("migrated.toHost.pages", "pages",
            "4 KiB pages migrated from GPU memory back to system memory (eviction and CPU fault-back)");
    static final StatisticSpec CPU_FAULT_BACKS = StatisticSpec.counter("cpuFaultBacks", "faults",
            "CPU accesses to GPU-resident pages, each migrating the page back");
    static final StatisticSpec NON_REPLAYABLE = StatisticSpec.counter("nonReplayable.faults", "faults",
            "copy-engine misses written into the non-replayable fault buffer (the channel stops until serviced)");
    static final StatisticSpec COPIED_PAGES = StatisticSpec.counter("copyEngine.pages", "pages",
            "4 KiB pages copy-engine transfers moved between two managed ranges");
    static final StatisticSpec LINK_BYTES = StatisticSpec.gauge("hostLink.bytes", "bytes",
            "bytes moved over the host link (copies and remote accesses)");
    static final StatisticSpec CHUNKS_USED = StatisticSpec.gauge("chunks.used", "chunks",
            "2 MiB root chunks of GPU memory backing a VA block now");

    static final List<StatisticSpec> DECLARED = List.of(ACCESSES, MISSES, FAULTS, COALESCED, THROTTLED, DROPPED,
            REPLAYS, CANCELLED, MIGRATED_PAGES, MIGRATED_BACK_PAGES, CPU_FAULT_BACKS, NON_REPLAYABLE, COPIED_PAGES, LINK_BYTES, CHUNKS_USED);

    final Counter accesses;
    final Counter misses;
    final Counter faults;
    final Counter coalesced;
    final Counter throttled;
    final Counter dropped;
    final Counter replays;
    final Counter cancelled;
    final Counter migratedPages;
    final Counter migratedBackPages;
    final Counter cpuFaultBacks;
    final Counter nonReplayableFaults;
    final Counter copiedPages;

    GpuMetrics(Metrics m) {
        accesses = ACCESSES.counter(m);
        misses = MISSES.counter(m);
        faults = FAULTS.counter(m);
        coalesced = COALESCED.counter(m);
        throttled = THROTTLED.counter(m);
        dropped = DROPPED.counter(m);
        replays = REPLAYS.counter(m);
        cancelled = CANCELLED.counter(m);
        migratedPages = MIGRATED_PAGES.counter(m);
        migratedBackPages = MIGRATED_BACK_PAGES.counter(m);
        cpuFaultBacks = CPU_FAULT_BACKS.counter(m);
        nonReplayableFaults = NON_REPLAYABLE.counter(m);
        copiedPages = COPIED_PAGES.counter(m);
    }
}
