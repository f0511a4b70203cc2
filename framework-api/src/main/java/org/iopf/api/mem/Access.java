package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The kind of a memory access.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Access {
    /** A load, or a DMA read of memory. */
    READ,
    /** A store, or a DMA write into memory. */
    WRITE;

    /** Whether this access modifies memory. */
    public boolean isWrite() {
        return this == WRITE;
    }
}
