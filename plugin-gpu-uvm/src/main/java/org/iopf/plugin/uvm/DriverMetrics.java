package org.iopf.plugin.uvm;

import java.util.List;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.StatisticSpec;

/** The statistics of a {@code uvm-driver} (under {@code NODE.FAULTS.}), each declared once here. */
final class DriverMetrics {
    static final StatisticSpec SERVICE_CALLS = StatisticSpec.counter("serviceCalls", "calls",
            "bottom-half runs, each servicing up to maxBatchesPerService batches");
    static final StatisticSpec BATCHES = StatisticSpec.counter("batches", "batches", "fault batches serviced");
    static final StatisticSpec BATCH_FAULTS = StatisticSpec.histogram("batch.faults", "faults",
            "fault buffer entries fetched per batch (its mean is the mean batch size)");
    static final StatisticSpec BATCH_UNIQUE = StatisticSpec.histogram("batch.uniqueFaults", "faults",
            "faults per batch after coalescing duplicates of one page");
    static final StatisticSpec BATCH_BLOCKS = StatisticSpec.histogram("batch.blocks", "blocks",
            "VA blocks serviced per batch");
    static final StatisticSpec FETCHED = StatisticSpec.counter("faults.fetched", "faults",
            "fault buffer entries fetched into batches");
    static final StatisticSpec COALESCED = StatisticSpec.counter("faults.coalesced", "faults",
            "fetched entries that duplicated another entry of their batch");
    static final StatisticSpec ALREADY_RESIDENT = StatisticSpec.counter("faults.alreadyResident", "faults",
            "unique faults whose page was already mapped on the GPU when serviced (serviced by an earlier batch)");
    static final StatisticSpec FLUSHED = StatisticSpec.counter("faults.flushed", "faults",
            "entries discarded by a batch-flush replay (they fault again if still unserviced)");
    static final StatisticSpec FATAL = StatisticSpec.counter("faults.fatal", "faults",
            "faults that could not be serviced (no VMA, a write to a read-only VMA, no GPU memory): their "
                    + "channel is cancelled");
    static final StatisticSpec OVERFLOWS = StatisticSpec.counter("faultBuffer.overflowsSeen", "events",
            "fetches that found the fault buffer's overflow flag set (and cleared it)");
    static final StatisticSpec MIGRATED_PAGES = StatisticSpec.counter("migrated.pages", "pages",
            "4 KiB pages migrated to the GPU because they faulted");
    static final StatisticSpec PREFETCHED_PAGES = StatisticSpec.counter("prefetched.pages", "pages",
            "4 KiB pages migrated to the GPU by the tree prefetcher");
    static final StatisticSpec REMOTE_PAGES = StatisticSpec.counter("remoteMapped.pages", "pages",
            "pages that could not migrate (pinned or not collected) and were mapped from system memory");
    static final StatisticSpec EVICTIONS = StatisticSpec.counter("evictions", "blocks",
            "VA blocks evicted (least recently used) to free a 2 MiB chunk");
    static final StatisticSpec EVICTED_PAGES = StatisticSpec.counter("evicted.pages", "pages",
            "4 KiB pages moved back to system memory by eviction");
    static final StatisticSpec THRASHING = StatisticSpec.gauge("thrashing.pages", "pages",
            "pages that reached thrashingThreshold consecutive migrations each within thrashingLapse of the last");
    static final StatisticSpec THROTTLED = StatisticSpec.counter("thrashing.throttled", "faults",
            "faults on thrashing pages left unserviced while the page naps (replayed later)");
    static final StatisticSpec PINNED = StatisticSpec.counter("thrashing.pinned", "pages",
            "thrashing pages pinned in system memory and mapped remotely by the GPU for thrashingPin");
    static final StatisticSpec REPLAYS = StatisticSpec.counter("replays", "replays", "replays pushed to the GPU");
    static final StatisticSpec RESOLVED = StatisticSpec.counter("resolved", "faults",
            "faults ended with a retry (replayed or ATS-resolved)");
    static final StatisticSpec TERMINATED = StatisticSpec.counter("terminated", "faults",
            "faults ended with a termination (fatal)");
    static final StatisticSpec NON_REPLAYABLE = StatisticSpec.counter("nonReplayable.faults", "faults",
            "copy-engine faults taken from the non-replayable buffer and serviced one by one (uvm/nonreplayable)");
    static final StatisticSpec NON_REPLAYABLE_FATAL = StatisticSpec.counter("nonReplayable.fatal", "faults",
            "non-replayable faults that could not be serviced (no VMA, e.g. freed memory; a write to a read-only "
                    + "VMA): their channel is cancelled with an error status");
    static final StatisticSpec ATS_FAULTS = StatisticSpec.counter("ats.faults", "faults",
            "faults of the node's IOMMU serviced through the CPU page table");
    static final StatisticSpec LATENCY = StatisticSpec.histogram("latency.total", "ns",
            "far-fault latency: from the GPU writing the entry to the replay that ends it");
    static final StatisticSpec LATENCY_WAIT = StatisticSpec.histogram("latency.wait", "ns",
            "part of it from the entry's write to the start of the fetch of its batch (interrupt, earlier batches)");
    static final StatisticSpec LATENCY_FETCH = StatisticSpec.histogram("latency.fetch", "ns",
            "part of it fetching and preprocessing its batch (uvm/fetch)");
    static final StatisticSpec LATENCY_SERVICE = StatisticSpec.histogram("latency.service", "ns",
            "part of it from the end of the fetch to its VA block migrated and mapped (uvm/service, uvm/migrate)");
    static final StatisticSpec LATENCY_REPLAY = StatisticSpec.histogram("latency.replay", "ns",
            "part of it from its block mapped to the replay (the rest of the batch, flush, uvm/replay)");

    static final List<StatisticSpec> DECLARED = List.of(SERVICE_CALLS, BATCHES, BATCH_FAULTS, BATCH_UNIQUE,
            BATCH_BLOCKS, FETCHED, COALESCED, ALREADY_RESIDENT, FLUSHED, FATAL, OVERFLOWS, MIGRATED_PAGES,
            PREFETCHED_PAGES, REMOTE_PAGES, EVICTIONS, EVICTED_PAGES, THRASHING, THROTTLED, PINNED, REPLAYS, RESOLVED, TERMINATED, NON_REPLAYABLE, NON_REPLAYABLE_FATAL, ATS_FAULTS,
            LATENCY, LATENCY_WAIT, LATENCY_FETCH, LATENCY_SERVICE, LATENCY_REPLAY);

    final Counter serviceCalls;
    final Counter batches;
    final Histogram batchFaults;
    final Histogram batchUnique;
    final Histogram batchBlocks;
    final Counter fetched;
    final Counter coalesced;
    final Counter alreadyResident;
    final Counter flushed;
    final Counter fatal;
    final Counter overflows;
    final Counter migratedPages;
    final Counter prefetchedPages;
    final Counter remotePages;
    final Counter evictions;
    final Counter evictedPages;
    final Counter throttled;
    final Counter pinned;
    final Counter replays;
    final Counter resolved;
    final Counter terminated;
    final Counter atsFaults;
    final Counter nonReplayable;
    final Counter nonReplayableFatal;
    final Histogram latency;
    final Histogram latencyWait;
    final Histogram latencyFetch;
    final Histogram latencyService;
    final Histogram latencyReplay;

    DriverMetrics(Metrics m) {
        serviceCalls = SERVICE_CALLS.counter(m);
        batches = BATCHES.counter(m);
        batchFaults = BATCH_FAULTS.histogram(m);
        batchUnique = BATCH_UNIQUE.histogram(m);
        batchBlocks = BATCH_BLOCKS.histogram(m);
        fetched = FETCHED.counter(m);
        coalesced = COALESCED.counter(m);
        alreadyResident = ALREADY_RESIDENT.counter(m);
        flushed = FLUSHED.counter(m);
        fatal = FATAL.counter(m);
        overflows = OVERFLOWS.counter(m);
        migratedPages = MIGRATED_PAGES.counter(m);
        prefetchedPages = PREFETCHED_PAGES.counter(m);
        remotePages = REMOTE_PAGES.counter(m);
        evictions = EVICTIONS.counter(m);
        evictedPages = EVICTED_PAGES.counter(m);
        throttled = THROTTLED.counter(m);
        pinned = PINNED.counter(m);
        replays = REPLAYS.counter(m);
        resolved = RESOLVED.counter(m);
        terminated = TERMINATED.counter(m);
        atsFaults = ATS_FAULTS.counter(m);
        nonReplayable = NON_REPLAYABLE.counter(m);
        nonReplayableFatal = NON_REPLAYABLE_FATAL.counter(m);
        latency = LATENCY.histogram(m);
        latencyWait = LATENCY_WAIT.histogram(m);
        latencyFetch = LATENCY_FETCH.histogram(m);
        latencyService = LATENCY_SERVICE.histogram(m);
        latencyReplay = LATENCY_REPLAY.histogram(m);
    }
}
