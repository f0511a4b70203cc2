/**
 * Metrics and tracing: {@link org.iopf.core.observe.MetricRegistry}, the root
 * {@link org.iopf.api.observe.Metrics} scope with counters, HdrHistogram-backed histograms and
 * gauges under hierarchical dot names; {@link org.iopf.core.observe.TimelineTracer}, an in-memory
 * {@link org.iopf.api.observe.Tracer} with filters and an event cap, and
 * {@link org.iopf.core.observe.ChromeTraceWriter}, which writes its events as Chrome trace-event
 * JSON; the periodic metric dumps of {@link org.iopf.core.observe.IntervalMetricsRecorder}.
 *
 * <p>Not thread-safe: metrics and traces belong to the simulation's one thread.
 */
package org.iopf.core.observe;
