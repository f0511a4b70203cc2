package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The outcome of {@link MemoryManager#pin}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum PinResult {
    /** Every page of the range is resident and pinned. */
    PINNED,
    /** Pinning the range would exceed the pinnable limit (RLIMIT_MEMLOCK); nothing was pinned. */
    LIMIT_EXCEEDED,
    /** Part of the range is not mapped; nothing was pinned. */
    NO_MAPPING,
    /** No frame could be found for a page of the range; nothing was pinned. */
    OUT_OF_MEMORY
}
