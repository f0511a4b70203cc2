package org.iopf.plugin.hmm;

/**
 * The outcome of migrating a range ({@link HmmDevice#migrateToDevice}, {@link HmmDevice#migrateToRam}).
 *
 * @param migratedBytes bytes whose new entries were installed
 * @param skippedBytes bytes left where they were: pinned, swapped, already there, or lost a race
 * @param blockedBytes bytes the migration policy refused to migrate
 * @param outOfMemoryBytes bytes that could not come back for lack of system memory (pressure)
 * @param deviceFullBytes bytes collected for the device that found no free device frame
 * @param notCollectedBytes bytes of the range setup could not isolate: pinned, swapped out, another
 *     device's, unmapped (not those already on this device)
 * @param racedBytes bytes collected and copied that the CPU touched before the commit
 * @param batches batches run
 * @param startNanos when the request started, ns
 * @param endNanos when its last batch finished, ns
 * @since 0.1
 */
public record MigrationSummary(long migratedBytes, long skippedBytes, long blockedBytes, long outOfMemoryBytes,
        long deviceFullBytes, long notCollectedBytes, long racedBytes, long batches, long startNanos,
        long endNanos) {
    /** Checks arguments. */
    public MigrationSummary {
        if (migratedBytes < 0 || skippedBytes < 0 || blockedBytes < 0 || outOfMemoryBytes < 0 || batches < 0
                || deviceFullBytes < 0 || notCollectedBytes < 0 || racedBytes < 0) {
            throw new IllegalArgumentException("counts must be >= 0");
        }
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("endNanos < startNanos");
        }
    }

    /**
     * Bytes asked to move that stayed where they were for a reason the migration could not
     * overcome (device full, not isolatable, touched meanwhile); pages the policy refused and pages
     * already on the device are not counted.
     */
    public long incompleteBytes() {
        return deviceFullBytes + notCollectedBytes + racedBytes;
    }

    /** How long it took, ns. */
    public long elapsedNanos() {
        return endNanos - startNanos;
    }
}
