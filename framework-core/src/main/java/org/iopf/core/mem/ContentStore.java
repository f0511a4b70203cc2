package org.iopf.core.mem;

import org.iopf.api.mem.PageSize;
import org.iopf.api.mem.Payload;

/** The sparse contents of physical memory, 4 KiB page by page; absent pages read as zero. */
interface ContentStore {
    long PAGE = PageSize.BASE.bytes();

    void read(long pa, byte[] dst, int off, int len);

    void write(long pa, byte[] src, int off, int len);

    Payload capture(long pa, long len);

    void write(long pa, Payload payload);

    /** Writes bytes {@code [offset, offset+len)} of {@code payload} at {@code pa}. */
    default void write(long pa, Payload payload, long offset, long len) {
        write(pa, payload.slice(offset, len));
    }

    /** Copies {@code len} bytes at {@code srcPa} to {@code dstPa}. */
    default void copy(long srcPa, long dstPa, long len) {
        write(dstPa, capture(srcPa, len));
    }

    void zero(long pa, long len);

    long fingerprint(long pa, long len);

    /** Whether {@code [pa, pa+expected.length())} holds exactly the bytes of {@code expected}. */
    boolean holds(long pa, Payload expected);

    /** Whether {@code [pa, pa+len)} certainly reads as zero (cheap; may say false for stored zeros). */
    boolean readsAsZero(long pa, long len);

    long storedBytes();
}
