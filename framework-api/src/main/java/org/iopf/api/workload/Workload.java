package org.iopf.api.workload;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A running workload.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Workload {
    /** Starts the workload at simulated time zero: schedules its first events. */
    void start();

    /**
     * What the workload was asked to do and what it completed. Asked once, when the run has ended:
     * after the workload {@linkplain WorkloadContext#finish() finished}, or when no event was left
     * without it finishing (a queue pair in ERROR, a stream waiting for credits that never come),
     * so it must look at its own state, not wait for a callback. A run whose outcome is not
     * {@linkplain WorkloadOutcome#isComplete() complete} fails an implicit expectation.
     *
     * <p>The default states nothing, and nothing is then checked; every workload should state its
     * outcome (the testkit's {@code WorkloadContract} requires it).
     *
     * @return the outcome, or empty if the workload does not state one
     */
    default Optional<WorkloadOutcome> outcome() {
        return Optional.empty();
    }
}
