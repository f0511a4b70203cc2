package org.iopf.testkit;

import java.util.Map;

/**
 * The contract of a {@link org.iopf.api.workload.WorkloadType}. A workload's test class implements
 * this interface and supplies the platform, the type and its parameters; it inherits the tests that
 * prove the workload honours the role: it finishes in finite simulated time, and the same seed gives
 * the same trace and the same figures.
 *
 * @since 0.1
 */
public interface WorkloadContract {
    /** The platform the workload runs on, as platform-file text. */
    String workloadPlatform();

    /** The workload type's name ({@code rdma-write-stream}). */
    String workloadType();

    /** The workload's parameters, as a platform file's {@code params:} would give them. */
    Map<String, String> workloadParameters();
}
