package org.iopf.plugin.zynqsmmu;

import java.util.List;
import java.util.Map;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of a {@code zynq-smmu} (names under {@code NODE.COMPONENT.}): each declared once
 * here, listed by {@code iopf components zynq-smmu} and registered from its declaration; the
 * counters are kept here, the two gauges are read from the hardware and the tables.
 */
final class SmmuCounters {
    static final StatisticSpec TRANSLATIONS = StatisticSpec.counter("translations", "translations",
            "transactions presented for translation, bypassed ones included");
    static final StatisticSpec BYPASSED = StatisticSpec.counter("bypassed", "translations",
            "transactions that bypassed translation (CLIENTPD, S2CR bypass, unmatched stream without USFCFG)");
    static final StatisticSpec TLB_HITS = StatisticSpec.counter("tlb.hits", "lookups", "TLB lookups that hit");
    static final StatisticSpec TLB_MISSES = StatisticSpec.counter("tlb.misses", "lookups",
            "TLB lookups that missed and walked the tables");
    static final StatisticSpec WALK_READS = StatisticSpec.counter("walk.reads", "descriptors",
            "descriptors read by table walks");
    static final StatisticSpec STALLS = StatisticSpec.counter("stalls", "transactions",
            "faulting transactions stalled until RESUME (stall mode)");
    static final StatisticSpec ABORTED = StatisticSpec.counter("aborted", "transactions",
            "faulting transactions aborted at once (terminate mode)");
    static final StatisticSpec HELD = StatisticSpec.counter("held", "transactions",
            "transactions held behind a stalled fault (no HUPCF, or pipelining off)");
    static final StatisticSpec RESUMED_RETRY = StatisticSpec.counter("resumed.retry", "transactions",
            "stalled transactions resumed with RESUME retry");
    static final StatisticSpec RESUMED_TERMINATE = StatisticSpec.counter("resumed.terminate", "transactions",
            "stalled transactions resumed with RESUME terminate");
    static final StatisticSpec INVALIDATIONS_RANGE = StatisticSpec.counter("invalidations.range", "operations",
            "range invalidations (TLBIVA, TLBIVAL, TLBIIPAS2, or the driver's invalidate)");
    static final StatisticSpec INVALIDATIONS_ALL = StatisticSpec.counter("invalidations.all", "operations",
            "context, bank or global invalidations (TLBIASID, TLBIALL, TLBIALLNSNH, or the driver's invalidateAll)");
    static final StatisticSpec INVALIDATION_ENTRIES = StatisticSpec.counter("invalidations.entries", "entries",
            "TLB entries the invalidations dropped");
    static final StatisticSpec MAPPED_PAGES = StatisticSpec.counter("mappedPages", "pages",
            "4 KiB pages the driver mapped");
    static final StatisticSpec REGISTER_WRITES = StatisticSpec.counter("registerWrites", "writes",
            "register writes to the SMMU");
    static final StatisticSpec FAULTS_TRANSLATION = StatisticSpec.counter("faults.translation", "faults",
            "translation faults (FSR.TF): recoverable");
    static final StatisticSpec FAULTS_PERMISSION = StatisticSpec.counter("faults.permission", "faults",
            "permission faults (FSR.PF)");
    static final StatisticSpec FAULTS_ACCESS = StatisticSpec.counter("faults.access", "faults",
            "access-flag, address-size and external faults (FSR.AFF, ASF, EF)");
    static final StatisticSpec FAULTS_CONFIGURATION = StatisticSpec.counter("faults.configuration", "faults",
            "configuration faults: an unusable TCR, CBA2R or nesting, or an unmatched stream (GFSR.USF)");
    static final StatisticSpec TLB_OCCUPIED = StatisticSpec.gauge("tlb.occupied", "entries", "valid TLB entries");
    static final StatisticSpec TABLE_FRAMES = StatisticSpec.gauge("tableFrames", "frames",
            "4 KiB frames of physical memory holding translation tables (allocated, not yet freed by an unmap)");

    private static final Map<FaultKind, StatisticSpec> FAULTS = Map.of(FaultKind.TRANSLATION, FAULTS_TRANSLATION,
            FaultKind.PERMISSION, FAULTS_PERMISSION, FaultKind.ACCESS, FAULTS_ACCESS,
            FaultKind.CONFIGURATION, FAULTS_CONFIGURATION);

    /** Every statistic a {@code zynq-smmu} records. */
    static final List<StatisticSpec> DECLARED = List.of(TRANSLATIONS, BYPASSED, TLB_HITS, TLB_MISSES, WALK_READS,
            STALLS, ABORTED, HELD, RESUMED_RETRY, RESUMED_TERMINATE, INVALIDATIONS_RANGE, INVALIDATIONS_ALL,
            INVALIDATION_ENTRIES, MAPPED_PAGES, REGISTER_WRITES, FAULTS_TRANSLATION, FAULTS_PERMISSION, FAULTS_ACCESS,
            FAULTS_CONFIGURATION, TLB_OCCUPIED, TABLE_FRAMES);

    final Counter translations;
    final Counter bypassed;
    final Counter tlbHits;
    final Counter tlbMisses;
    final Counter walkReads;
    final Counter stalls;
    final Counter aborted;
    final Counter held;
    final Counter resumedRetry;
    final Counter resumedTerminate;
    final Counter invalidationsRange;
    final Counter invalidationsAll;
    final Counter invalidationEntries;
    final Counter mappedPages;
    final Counter registerWrites;
    private final Counter[] faults;

    SmmuCounters(Metrics metrics) {
        translations = TRANSLATIONS.counter(metrics);
        bypassed = BYPASSED.counter(metrics);
        tlbHits = TLB_HITS.counter(metrics);
        tlbMisses = TLB_MISSES.counter(metrics);
        walkReads = WALK_READS.counter(metrics);
        stalls = STALLS.counter(metrics);
        aborted = ABORTED.counter(metrics);
        held = HELD.counter(metrics);
        resumedRetry = RESUMED_RETRY.counter(metrics);
        resumedTerminate = RESUMED_TERMINATE.counter(metrics);
        invalidationsRange = INVALIDATIONS_RANGE.counter(metrics);
        invalidationsAll = INVALIDATIONS_ALL.counter(metrics);
        invalidationEntries = INVALIDATION_ENTRIES.counter(metrics);
        mappedPages = MAPPED_PAGES.counter(metrics);
        registerWrites = REGISTER_WRITES.counter(metrics);
        FaultKind[] kinds = FaultKind.values();
        faults = new Counter[kinds.length];
        for (FaultKind k : kinds) {
            faults[k.ordinal()] = FAULTS.get(k).counter(metrics);
        }
    }

    Counter faultsByKind(FaultKind kind) {
        return faults[kind.ordinal()];
    }

    long totalFaults() {
        long n = 0;
        for (Counter c : faults) {
            n += c.value();
        }
        return n;
    }
}
