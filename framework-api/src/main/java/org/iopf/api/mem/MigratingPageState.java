package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where one page of a {@link MigrationBatch} stands.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum MigratingPageState {
    /** Collected and unmapped (or write-protected, in mirror mode); its copy is pending. */
    COLLECTED,
    /** Committed: its new entry is installed. */
    MIGRATED,
    /**
     * Left where it was: the CPU touched it after it was collected (it lost the race), it was
     * unmapped or reclaimed meanwhile, or the driver gave it no destination.
     */
    SKIPPED
}
