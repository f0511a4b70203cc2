/**
 * What a run measured, and ways to print it: {@link org.iopf.core.report.RunResult} gathers a
 * run's figures by hierarchical name (derived figures such as {@code throughput} and
 * {@code latency.p99}, and every raw metric), the throughput over simulated time and the checks of
 * its scenario's expectations; {@link org.iopf.core.report.TableReport},
 * {@link org.iopf.core.report.JsonReport}, {@link org.iopf.core.report.CsvReport} and
 * {@link org.iopf.core.report.SummaryTable} write them.
 *
 * <p>Values are in base units by {@link org.iopf.core.platform.Expectation.Quantity}: bits per
 * second, nanoseconds, bytes, fractions; {@link org.iopf.core.report.UnitFormat} prints them.
 *
 * @since 0.1
 */
package org.iopf.core.report;
