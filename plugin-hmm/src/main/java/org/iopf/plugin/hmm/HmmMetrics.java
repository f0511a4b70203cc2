package org.iopf.plugin.hmm;

import java.util.List;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Histogram;
import org.iopf.api.observe.Metrics;
import org.iopf.api.observe.StatisticSpec;

/**
 * The statistics of an {@code hmm-device} (names under {@code NODE.DEVICE.}): each declared once
 * here, listed by {@code iopf components hmm-device} and registered from its declaration.
 */
final class HmmMetrics {
    static final StatisticSpec MIGRATED_PAGES = StatisticSpec.counter("migrated.pages", "pages",
            "pages moved to the device (migrate or mirror)");
    static final StatisticSpec MIGRATED_BYTES = StatisticSpec.counter("migrated.bytes", "bytes",
            "bytes moved to the device (migrate or mirror)");
    static final StatisticSpec MIGRATED_BACK_BYTES = StatisticSpec.counter("migratedBack.bytes", "bytes",
            "bytes moved back to system memory (read back and fault-backs)");
    static final StatisticSpec SKIPPED_PAGES = StatisticSpec.counter("skipped.pages", "pages",
            "collected pages left where they were at commit (no destination, or touched meanwhile)");
    static final StatisticSpec BLOCKED_BYTES = StatisticSpec.counter("pingPong.blockedBytes", "bytes",
            "bytes refused by the migration policy (and, after pressure, by the device)");
    static final StatisticSpec BATCHES = StatisticSpec.counter("batches", "batches", "migration batches run");
    static final StatisticSpec FAULT_BACKS = StatisticSpec.counter("faultBacks", "faults",
            "CPU faults on device-private pages, each migrating the page back");
    static final StatisticSpec FAULT_BACK_BYTES = StatisticSpec.counter("faultBack.bytes", "bytes",
            "bytes migrated back by CPU faults");
    static final StatisticSpec FAULT_BACK_LATENCY = StatisticSpec.histogram("faultBack.latency", "ns",
            "time from a CPU fault on a device-private page to the page back in system memory");
    static final StatisticSpec PRESSURE_EVENTS = StatisticSpec.counter("pressure.events", "events",
            "migrate-backs that found no system frame");
    static final StatisticSpec DEVICE_FAULTS = StatisticSpec.counter("deviceFaults", "faults",
            "pages the device faulted in through the OS during a kernel");
    static final StatisticSpec BOUNCED_BYTES = StatisticSpec.counter("bounce.bytes", "bytes",
            "bytes written back through the pinned bounce buffer");
    static final StatisticSpec MIRRORED_PAGES = StatisticSpec.counter("mirror.pages", "pages",
            "pages mirrored on the device (mirror mode)");
    static final StatisticSpec MIRROR_DROPS = StatisticSpec.counter("mirror.drops", "pages",
            "mirrored pages dropped because the CPU wrote them");
    static final StatisticSpec INCOMPLETE_PAGES = StatisticSpec.counter("migrate.skippedPages", "pages",
            "pages a migration to the device was asked to move that stayed in system memory: the sum of "
                    + "deviceFullPages, notCollectedPages and racedPages (not those the policy refused, not those "
                    + "already on the device)");
    static final StatisticSpec INCOMPLETE_BYTES = StatisticSpec.counter("migrate.skippedBytes", "bytes",
            "bytes of the pages in migrate.skippedPages");
    static final StatisticSpec DEVICE_FULL_PAGES = StatisticSpec.counter("migrate.deviceFullPages", "pages",
            "pages that found no free device frame (device memory full); migrate_vma_pages drops a page "
                    + "without a destination");
    static final StatisticSpec NOT_COLLECTED_PAGES = StatisticSpec.counter("migrate.notCollectedPages", "pages",
            "pages not isolated by setup: pinned, swapped out, another device's, unmapped "
                    + "(migrate_vma_collect_pmd leaves them out)");
    static final StatisticSpec RACED_PAGES = StatisticSpec.counter("migrate.racedPages", "pages",
            "pages collected and copied, but touched by the CPU before the commit");
    static final StatisticSpec PRESSURE_CONFIGURED = StatisticSpec.gauge("pressure.configured", "flag",
            "1 if device memory is above pressureRatio x system memory at start");
    static final StatisticSpec BLOCKED_RANGES = StatisticSpec.gauge("pingPong.blockedRanges", "ranges",
            "ranges refused by the migration policy (and, after pressure, by the device)");
    static final StatisticSpec DEVICE_USED = StatisticSpec.gauge("device.usedBytes", "bytes",
            "device memory in use");
    static final StatisticSpec PAGE_BY_PAGE = StatisticSpec.gauge("batch.pageByPage", "flag",
            "1 if batches are below 1 MiB, so migration goes page by page");

    /** Every statistic an {@code hmm-device} records. */
    static final List<StatisticSpec> DECLARED = List.of(MIGRATED_PAGES, MIGRATED_BYTES, MIGRATED_BACK_BYTES,
            SKIPPED_PAGES, BLOCKED_BYTES, BATCHES, FAULT_BACKS, FAULT_BACK_BYTES, FAULT_BACK_LATENCY, PRESSURE_EVENTS,
            DEVICE_FAULTS, BOUNCED_BYTES, MIRRORED_PAGES, MIRROR_DROPS, INCOMPLETE_PAGES, INCOMPLETE_BYTES,
            DEVICE_FULL_PAGES, NOT_COLLECTED_PAGES, RACED_PAGES, PRESSURE_CONFIGURED, BLOCKED_RANGES, DEVICE_USED,
            PAGE_BY_PAGE);

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
        migratedPages = MIGRATED_PAGES.counter(m);
        migratedBytes = MIGRATED_BYTES.counter(m);
        migratedBackBytes = MIGRATED_BACK_BYTES.counter(m);
        skippedPages = SKIPPED_PAGES.counter(m);
        blockedBytes = BLOCKED_BYTES.counter(m);
        batches = BATCHES.counter(m);
        faultBacks = FAULT_BACKS.counter(m);
        faultBackBytes = FAULT_BACK_BYTES.counter(m);
        faultBackLatency = FAULT_BACK_LATENCY.histogram(m);
        pressureEvents = PRESSURE_EVENTS.counter(m);
        deviceFaults = DEVICE_FAULTS.counter(m);
        bouncedBytes = BOUNCED_BYTES.counter(m);
        mirroredPages = MIRRORED_PAGES.counter(m);
        mirrorDrops = MIRROR_DROPS.counter(m);
        incompletePages = INCOMPLETE_PAGES.counter(m);
        incompleteBytes = INCOMPLETE_BYTES.counter(m);
        deviceFullPages = DEVICE_FULL_PAGES.counter(m);
        notCollectedPages = NOT_COLLECTED_PAGES.counter(m);
        racedPages = RACED_PAGES.counter(m);
    }
}
