package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Whether a work request was posted.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum PostResult {
    /** Posted; a completion will follow if signaled or failed. */
    POSTED,
    /** The queue is full. */
    QUEUE_FULL,
    /** The queue pair is not connected or is in the error state. */
    INVALID_STATE
}
