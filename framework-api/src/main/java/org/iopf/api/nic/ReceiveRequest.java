package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A receive-queue work request: a buffer for one incoming SEND (or the slot consumed by a
 * WRITE WITH IMMEDIATE, which may have length 0).
 *
 * @param wrId the poster's id, echoed in the completion
 * @param address local virtual address of the buffer
 * @param lkey key of its memory region
 * @param length bytes, {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record ReceiveRequest(long wrId, long address, int lkey, long length) {
    /** Checks arguments. */
    public ReceiveRequest {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
    }
}
