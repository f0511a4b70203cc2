/**
 * Built-in workloads, found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.iopf.api.workload.WorkloadType}): {@code rdma-write-stream},
 * {@code rdma-read-stream}, {@code ping-pong} and {@code dma-copy-stream}.
 *
 * <p>They share their parameters' names ({@code messageSize} or {@code blockSize},
 * {@code messages}, {@code concurrency}, {@code resident}, {@code pinned}, {@code onDemand}) and
 * their metrics ({@code workload.messages}, {@code .bytes}, {@code .errors}, {@code .latency} in
 * ns, the {@code .elapsed} gauge, {@code .integrity.mismatchedPages}, {@code .start.residentBytes}
 * and {@code .start.pinnedBytes}), so that one report reads them all; see
 * {@code WorkloadParameters} and the toolkit's {@code WorkloadMeter}.
 */
package org.iopf.reference.workload;
