package org.iopf.api.nic;

/**
 * Whether a work request was posted.
 *
 * @since 0.1
 */
public enum PostResult {
    /** Posted; a completion will follow if signaled or failed. */
    POSTED,
    /** The queue is full. */
    QUEUE_FULL,
    /** The queue pair is not connected or is in the error state. */
    INVALID_STATE
}
