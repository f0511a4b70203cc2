package org.iopf.cli;

/** What {@code iopf run} prints on standard output. */
enum OutputFormat {
    /** An aligned table for people. */
    TABLE,
    /** One JSON object (the same as {@code results.json}). */
    JSON,
    /** {@code name,value,unit} rows (the same as {@code results.csv}). */
    CSV
}
