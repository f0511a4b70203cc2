package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How a fault ends: the stalled transaction is retried (the page is now mapped) or terminated
 * (reported to the device as an error).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum FaultResolution {
    /** Retry the faulting transaction (the SMMU's RESUME with retry). */
    RETRY,
    /** Abort the faulting transaction (RESUME with terminate). */
    TERMINATE
}
