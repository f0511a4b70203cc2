package org.iopf.toolkit.workload;

/**
 * The standard names and units of a workload's metrics, registered in the workload's own metric
 * group so that the run reads them as {@code workload.NAME}: the report's throughput, latency,
 * error and integrity columns and the completion check read exactly these names.
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

    private WorkloadMetrics() {
    }
}
