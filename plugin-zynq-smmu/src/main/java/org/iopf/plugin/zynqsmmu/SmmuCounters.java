package org.iopf.plugin.zynqsmmu;

import java.util.Locale;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Metrics;

/**
 * The SMMU's counters, under its metrics scope ({@code node1.smmu.*}): {@code translations},
 * {@code bypassed}, {@code tlb.hits}, {@code tlb.misses}, {@code walk.reads} (descriptors read),
 * {@code faults.<kind>}, {@code stalls}, {@code aborted} (terminate mode), {@code held} (behind a
 * stalled fault), {@code resumed.retry}, {@code resumed.terminate}, {@code invalidations.range},
 * {@code invalidations.all}, {@code invalidations.entries} (TLB entries dropped),
 * {@code mappedPages} and {@code registerWrites}.
 */
final class SmmuCounters {
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
        translations = metrics.counter("translations", "translations");
        bypassed = metrics.counter("bypassed", "translations");
        tlbHits = metrics.counter("tlb.hits", "lookups");
        tlbMisses = metrics.counter("tlb.misses", "lookups");
        walkReads = metrics.counter("walk.reads", "descriptors");
        stalls = metrics.counter("stalls", "transactions");
        aborted = metrics.counter("aborted", "transactions");
        held = metrics.counter("held", "transactions");
        resumedRetry = metrics.counter("resumed.retry", "transactions");
        resumedTerminate = metrics.counter("resumed.terminate", "transactions");
        invalidationsRange = metrics.counter("invalidations.range", "operations");
        invalidationsAll = metrics.counter("invalidations.all", "operations");
        invalidationEntries = metrics.counter("invalidations.entries", "entries");
        mappedPages = metrics.counter("mappedPages", "pages");
        registerWrites = metrics.counter("registerWrites", "writes");
        FaultKind[] kinds = FaultKind.values();
        faults = new Counter[kinds.length];
        for (FaultKind k : kinds) {
            faults[k.ordinal()] = metrics.counter("faults." + k.name().toLowerCase(Locale.ROOT), "faults");
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
