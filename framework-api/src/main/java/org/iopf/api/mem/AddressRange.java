package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A half-open byte range {@code [start, start + length)}.
 *
 * @param start first byte address
 * @param length number of bytes, {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record AddressRange(long start, long length) {
    /** Checks the length. */
    public AddressRange {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
    }

    /** One past the last byte. */
    public long end() {
        return start + length;
    }

    /** Whether {@code address} lies in the range. */
    public boolean contains(long address) {
        return address >= start && address < end();
    }

    /** Whether the two ranges share at least one byte. */
    public boolean overlaps(AddressRange other) {
        return start < other.end() && other.start < end();
    }

    @Override
    public String toString() {
        return String.format("[0x%x, 0x%x)", start, end());
    }
}
