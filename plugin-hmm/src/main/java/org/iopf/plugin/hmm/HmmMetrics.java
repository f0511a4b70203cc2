package org.iopf.plugin.hmm;

import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;

/** The counters of an {@code hmm-device} (names under {@code node1.<device>.}). */
final class HmmMetrics {
    final Counter migratedPages;
    final Counter migratedBytes;
    final Counter migratedBackBytes;
    final Counter skippedPages;
    final Counter blockedBytes;
    final Counter batches;
    final Counter faultBacks;
    final Counter faultBackBytes;
    final Histogram faultBackLatency;
    final Counter pressureEvents;
    final Counter deviceFaults;
    final Counter bouncedBytes;
    final Counter mirroredPages;
    final Counter mirrorDrops;
    final Counter incompletePages;
    final Counter incompleteBytes;
    final Counter deviceFullPages;
    final Counter notCollectedPages;
    final Counter racedPages;

    HmmMetrics(Metrics m) {
        migratedPages = m.counter("migrated.pages", "pages");
        migratedBytes = m.counter("migrated.bytes", "bytes");
        migratedBackBytes = m.counter("migratedBack.bytes", "bytes");
        skippedPages = m.counter("skipped.pages", "pages");
        blockedBytes = m.counter("pingPong.blockedBytes", "bytes");
        batches = m.counter("batches", "batches");
        faultBacks = m.counter("faultBacks", "faults");
        faultBackBytes = m.counter("faultBack.bytes", "bytes");
        faultBackLatency = m.histogram("faultBack.latency", "ns");
        pressureEvents = m.counter("pressure.events", "events");
        deviceFaults = m.counter("deviceFaults", "faults");
        bouncedBytes = m.counter("bounce.bytes", "bytes");
        mirroredPages = m.counter("mirror.pages", "pages");
        mirrorDrops = m.counter("mirror.drops", "pages");
        incompletePages = m.counter("migrate.skippedPages", "pages");
        incompleteBytes = m.counter("migrate.skippedBytes", "bytes");
        deviceFullPages = m.counter("migrate.deviceFullPages", "pages");
        notCollectedPages = m.counter("migrate.notCollectedPages", "pages");
        racedPages = m.counter("migrate.racedPages", "pages");
    }
}
