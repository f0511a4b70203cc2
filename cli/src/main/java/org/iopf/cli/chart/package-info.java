/**
 * Charts of a run's results as PNG files, drawn with JFreeChart in headless mode:
 * {@link org.iopf.cli.chart.ThroughputChart}, throughput over simulated time.
 *
 * @since 0.1
 */
package org.iopf.cli.chart;
