package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The page sizes the node model supports: 4 KiB base pages and 2 MiB huge pages (THP).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum PageSize {
    /** A 4 KiB base page. */
    BASE(4096L),
    /** A 2 MiB huge page. */
    HUGE_2M(2L * 1024 * 1024);

    private final long bytes;

    PageSize(long bytes) {
        this.bytes = bytes;
    }

    /** The size in bytes. */
    public long bytes() {
        return bytes;
    }

    /** The base of the page that contains {@code address}. */
    public long alignDown(long address) {
        return address & -bytes;
    }

    /** {@code address} rounded up to a page boundary. */
    public long alignUp(long address) {
        return (address + bytes - 1) & -bytes;
    }

    /** Whether {@code address} is a multiple of this size. */
    public boolean isAligned(long address) {
        return (address & (bytes - 1)) == 0;
    }

    /** The number of pages of this size that the range {@code [start, start+length)} touches. */
    public long pagesSpanned(long start, long length) {
        if (length <= 0) {
            return 0;
        }
        return (alignUp(start + length) - alignDown(start)) / bytes;
    }
}
