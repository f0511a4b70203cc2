package org.iopf.plugin.pldma;

import java.util.List;
import java.util.Locale;

/**
 * The seed's comparison of pinned and fault-aware RDMA (seed 000 §4.3, FIDELITY A9), filled with
 * measured figures.
 *
 * @param pinnedReservedBytes memory resident and pinned before the pinned run's traffic
 * @param faultAwareReservedBytes memory resident before the fault-aware run's traffic
 * @param pinnedPeakBytes most memory resident at once over the pinned run
 * @param faultAwarePeakBytes most memory resident at once over the fault-aware run
 * @param pinnedMeanBytes memory resident on average over the pinned run
 * @param faultAwareMeanBytes memory resident on average over the fault-aware run
 * @param pinnedMaxConcurrent most transfers in flight at once, pinned, under the pinnable limit
 * @param faultAwareMaxConcurrent most transfers in flight at once, fault-aware
 * @param faultAwareRecoveries fault pauses that ended in the fault-aware run
 * @param faultAwareRecoveryNanos mean fault pause (fault to RESUME) in the fault-aware run
 * @param pinnedFaults faults in the pinned run (0: recovery is not applicable)
 * @param pinnedOverheadPpm bandwidth overhead of the pinned run, ppm of the ideal goodput
 * @param faultAwareOverheadPpm bandwidth overhead of the fault-aware run
 */
record ComparisonTable(long pinnedReservedBytes, long faultAwareReservedBytes, long pinnedPeakBytes,
        long faultAwarePeakBytes, long pinnedMeanBytes, long faultAwareMeanBytes, long pinnedMaxConcurrent,
        long faultAwareMaxConcurrent, long faultAwareRecoveries, long faultAwareRecoveryNanos, long pinnedFaults,
        long pinnedOverheadPpm, long faultAwareOverheadPpm) {

    /** The table as lines of text, in the seed's rows. */
    List<String> render() {
        String row = "%-34s %-26s %-26s";
        return List.of(
                String.format(Locale.ROOT, row, "feature", "pinned RDMA", "fault-aware RDMA"),
                String.format(Locale.ROOT, row, "memory reserved before traffic", mib(pinnedReservedBytes),
                        mib(faultAwareReservedBytes)),
                String.format(Locale.ROOT, row, "memory resident, peak over run", mib(pinnedPeakBytes),
                        mib(faultAwarePeakBytes)),
                String.format(Locale.ROOT, row, "memory resident, time-averaged", mib(pinnedMeanBytes),
                        mib(faultAwareMeanBytes)),
                String.format(Locale.ROOT, row, "max concurrent transfers", pinnedMaxConcurrent
                        + " (pinnable limit)", faultAwareMaxConcurrent + " (hardware limit)"),
                String.format(Locale.ROOT, row, "fault recovery time",
                        pinnedFaults == 0 ? "N/A (no fault allowed)" : pinnedFaults + " faults",
                        faultAwareRecoveries == 0 ? "no fault" : String.format(Locale.ROOT, "%.1f us mean (%d)",
                                faultAwareRecoveryNanos / 1e3, faultAwareRecoveries)),
                String.format(Locale.ROOT, row, "bandwidth overhead", percent(pinnedOverheadPpm),
                        percent(faultAwareOverheadPpm)));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / (double) (1 << 20));
    }

    private static String percent(long ppm) {
        return String.format(Locale.ROOT, "%.2f %%", ppm / 1e4);
    }
}
