/**
 * Self-describing results: the record of what produced a run ({@code config.json} beside
 * {@code results.json}, one per sweep run in {@code results.duckdb}), as gem5's
 * {@code config.json} beside its {@code stats.txt}: the fully resolved platform with every
 * parameter's value and origin, the command line, the iopf and plugin versions with the zips'
 * SHA-256, and when it was recorded.
 */
package org.iopf.core.record;
