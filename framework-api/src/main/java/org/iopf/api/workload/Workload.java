package org.iopf.api.workload;

/**
 * A running workload.
 *
 * @since 0.1
 */
public interface Workload {
    /** Starts the workload at simulated time zero: schedules its first events. */
    void start();
}
