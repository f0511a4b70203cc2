package org.iopf.core.platform;

import java.util.Map;
import java.util.Objects;

/**
 * The workload a platform file runs: a workload type's name and its parameter values as written
 * (with units).
 *
 * @param type the workload type's name ({@code rdma-write-stream})
 * @param parameters raw values by parameter name
 */
public record WorkloadSpec(String type, Map<String, String> parameters) {
    /** Checks arguments. */
    public WorkloadSpec {
        Objects.requireNonNull(type, "type is null");
        parameters = Map.copyOf(parameters);
    }
}
