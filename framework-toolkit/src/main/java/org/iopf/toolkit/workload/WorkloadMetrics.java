package org.iopf.toolkit.workload;

import java.util.List;
import org.iopf.api.observe.StatisticSpec;

/**
 * The standard names and units of a workload's metrics, registered in the workload's own metric
 * group so that the run reads them as {@code workload.NAME}: the report's throughput, latency,
 * error and integrity columns and the completion check read exactly these names. Each is also
 * declared as a {@link StatisticSpec} ({@link #STANDARD}), equal to the host's declaration of the
 * standard workload statistics, and {@link WorkloadMeter} registers them from those declarations;
 * a workload type declares only the statistics it records besides these.
 */
public final class WorkloadMetrics {
    /** Operations completed, successfully or not (counter). */
    public static final String MESSAGES = "messages";
    /** Bytes the successful operations delivered (counter, {@value #BYTES_UNIT}). */
    public static final String BYTES = "bytes";
    /** Operations that completed with an error (counter). */
    public static final String ERRORS = "errors";
    /** Latencies of the successful operations (histogram, {@value #NANOSECONDS}). */
    public static final String LATENCY = "latency";
    /** Last completion minus the start of traffic (gauge, {@value #NANOSECONDS}). */
    public static final String ELAPSED = "elapsed";
    /** Pages whose contents differ at the end of the run (counter, {@value #PAGES}). */
    public static final String MISMATCHED_PAGES = "integrity.mismatchedPages";
    /** Bytes of the working set resident when traffic started (counter, {@value #BYTES_UNIT}). */
    public static final String START_RESIDENT_BYTES = "start.residentBytes";
    /** Bytes of the working set pinned when traffic started (counter, {@value #BYTES_UNIT}). */
    public static final String START_PINNED_BYTES = "start.pinnedBytes";

    /** The unit of {@link #MESSAGES} and {@link #ERRORS} unless a workload counts something else. */
    public static final String OPERATIONS = "operations";
    /** The unit of byte counters. */
    public static final String BYTES_UNIT = "bytes";
    /** The unit of times. */
    public static final String NANOSECONDS = "ns";
    /** The unit of {@link #MISMATCHED_PAGES}. */
    public static final String PAGES = "pages";

    /** {@link #MESSAGES} declared. */
    public static final StatisticSpec MESSAGES_COUNTER = StatisticSpec.counter(MESSAGES, OPERATIONS,
            "operations completed");
    /** {@link #BYTES} declared. */
    public static final StatisticSpec BYTES_COUNTER = StatisticSpec.counter(BYTES, BYTES_UNIT,
            "payload bytes completed");
    /** {@link #ERRORS} declared. */
    public static final StatisticSpec ERRORS_COUNTER = StatisticSpec.counter(ERRORS, OPERATIONS,
            "operations that failed");
    /** {@link #MISMATCHED_PAGES} declared. */
    public static final StatisticSpec MISMATCHED_PAGES_COUNTER = StatisticSpec.counter(MISMATCHED_PAGES, PAGES,
            "pages whose content differs at the end");
    /** {@link #START_RESIDENT_BYTES} declared. */
    public static final StatisticSpec START_RESIDENT_BYTES_COUNTER = StatisticSpec.counter(START_RESIDENT_BYTES,
            BYTES_UNIT, "memory resident when traffic starts");
    /** {@link #START_PINNED_BYTES} declared. */
    public static final StatisticSpec START_PINNED_BYTES_COUNTER = StatisticSpec.counter(START_PINNED_BYTES,
            BYTES_UNIT, "memory pinned when traffic starts");
    /** {@link #LATENCY} declared. */
    public static final StatisticSpec LATENCY_HISTOGRAM = StatisticSpec.histogram(LATENCY, NANOSECONDS,
            "latency of one operation");
    /** {@link #ELAPSED} declared. */
    public static final StatisticSpec ELAPSED_GAUGE = StatisticSpec.gauge(ELAPSED, NANOSECONDS,
            "time from the start to the last completion");

    /** The standard statistics a workload records through the toolkit, as the host declares them. */
    public static final List<StatisticSpec> STANDARD = List.of(MESSAGES_COUNTER, BYTES_COUNTER, ERRORS_COUNTER,
            MISMATCHED_PAGES_COUNTER, START_RESIDENT_BYTES_COUNTER, START_PINNED_BYTES_COUNTER, LATENCY_HISTOGRAM,
            ELAPSED_GAUGE);

    private WorkloadMetrics() {
    }
}
