package org.iopf.api.mem;

/**
 * The kind of a memory access.
 *
 * @since 0.1
 */
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
