/**
 * Simulation services: virtual time in nanoseconds, event scheduling, random streams, and the
 * resources through which time is spent (bandwidth resources and CPU cores).
 *
 * <p>A simulation runs on one thread and is deterministic: the same platform, workload and seed
 * give bit-identical results. None of these types is thread-safe.
 */
package org.iopf.api.sim;
