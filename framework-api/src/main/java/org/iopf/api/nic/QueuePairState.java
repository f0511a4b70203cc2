package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The state of a queue pair.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum QueuePairState {
    /** Created, not connected. */
    RESET,
    /** Connected: ready to send and receive. */
    READY,
    /** Failed: outstanding requests are flushed with errors. */
    ERROR
}
