package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a finalized {@link MigrationBatch} achieved, in 4 KiB pages.
 *
 * @param migratedPages pages whose new entries were installed
 * @param skippedPages collected pages left where they were (lost a race, or no destination)
 * @param skippedAtSetup pages of the range that were not collected at all
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MigrationResult(long migratedPages, long skippedPages, long skippedAtSetup) {
    /** Checks arguments. */
    public MigrationResult {
        if (migratedPages < 0 || skippedPages < 0 || skippedAtSetup < 0) {
            throw new IllegalArgumentException("page counts must be >= 0");
        }
    }

    /** Bytes migrated. */
    public long migratedBytes() {
        return migratedPages * PageSize.BASE.bytes();
    }
}
