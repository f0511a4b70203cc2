package org.iopf.api.mem;

/**
 * Why the memory manager is taking pages away from their current frames.
 *
 * @since 0.1
 */
public enum InvalidationReason {
    /** Reclaim: the page is being swapped out. */
    RECLAIM,
    /** The range is being unmapped. */
    UNMAP,
    /** The page is moving to another frame (NUMA migration, device migration, compaction). */
    MIGRATE,
    /** The page's protection is changing (for example copy-on-write). */
    PROTECTION
}
