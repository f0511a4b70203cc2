/**
 * Observability: counters, latency histograms and gauges under hierarchical names
 * ({@code node1.smmu.tlb.hits}), and trace events (slices, instants, counters, flows) for a
 * timeline view.
 */
package org.iopf.api.observe;
