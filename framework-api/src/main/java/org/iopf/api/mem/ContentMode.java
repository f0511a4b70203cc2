package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How physical memory stores contents.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum ContentMode {
    /** Every written byte is stored (sparsely: never-written memory reads as zero and costs nothing). */
    BYTES,
    /**
     * Contents are stored as exact per-page fingerprints instead of bytes, for very large runs:
     * copies and integrity checks stay exact, and reads regenerate the bytes on demand (costing
     * time, not storage).
     */
    FINGERPRINT
}
