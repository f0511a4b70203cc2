package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * One entry of a scatter-gather table: a physically contiguous piece of a buffer.
 *
 * @param address the piece's device-visible address (physical, or I/O virtual after mapping)
 * @param length bytes, {@code > 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record SgEntry(long address, long length) {
    /** Checks arguments. */
    public SgEntry {
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
    }
}
