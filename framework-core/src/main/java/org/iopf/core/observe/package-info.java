/**
 * Metrics and tracing: {@link org.iopf.core.observe.MetricRegistry}, the root
 * {@link org.iopf.api.observe.Metrics} scope with counters, HdrHistogram-backed histograms and
 * gauges under hierarchical dot names, and {@link org.iopf.core.observe.RecordingTracer}, an
 * in-memory {@link org.iopf.api.observe.Tracer} with an event cap.
 *
 * <p>Not thread-safe: metrics and traces belong to the simulation's one thread.
 */
package org.iopf.core.observe;
