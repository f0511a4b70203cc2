/**
 * Built-in workloads, found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.iopf.api.workload.WorkloadType}).
 */
package org.iopf.core.workload;
