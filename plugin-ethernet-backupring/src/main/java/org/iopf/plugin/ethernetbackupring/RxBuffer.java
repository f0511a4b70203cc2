package org.iopf.plugin.ethernetbackupring;

import java.util.Objects;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageSize;

/**
 * The application's receive buffer, used as a ring in stream order: byte {@code s} of the stream
 * lands at {@code base + s mod length} (direct placement of the payload, as the zero-copy rx
 * descriptors of seed 001 §3.2 point straight at the IOuser's buffers).
 *
 * @param space the receiving process
 * @param base the buffer's first virtual address, page aligned
 * @param length its size in bytes, a positive multiple of 4 KiB
 */
record RxBuffer(AddressSpace space, long base, long length) {
    private static final long PAGE = PageSize.BASE.bytes();

    /** One piece of a segment that lies in one page of the buffer. */
    @FunctionalInterface
    interface PieceVisitor {
        /**
         * Bytes {@code [offset, offset + n)} of the segment go to {@code va}, which lies in the page
         * at {@code pageVa}.
         */
        void piece(long va, long pageVa, long offset, long n);
    }

    /** Checks arguments. */
    RxBuffer {
        Objects.requireNonNull(space, "space is null");
        if (!PageSize.BASE.isAligned(base) || length <= 0 || !PageSize.BASE.isAligned(length)) {
            throw new IllegalArgumentException("rx buffer must be page aligned with a positive whole number of "
                    + "pages: base 0x" + Long.toHexString(base) + ", length " + length);
        }
    }

    /** The virtual address of stream byte {@code seq}. */
    long address(long seq) {
        return base + Math.floorMod(seq, length);
    }

    /** Visits the pieces of stream bytes {@code [seq, seq + n)}, split at pages and at the wrap. */
    void forEachPiece(long seq, long n, PieceVisitor visitor) {
        long done = 0;
        while (done < n) {
            long va = address(seq + done);
            long chunk = pieceLength(va, n - done);
            visitor.piece(va, PageSize.BASE.alignDown(va), done, chunk);
            done += chunk;
        }
    }

    /** Bytes of a piece at {@code va}, of at most {@code remaining}: up to the end of its page. */
    static long pieceLength(long va, long remaining) {
        return Math.min(remaining, PageSize.BASE.alignDown(va) + PAGE - va);
    }

    /** Whether {@code va} lies in the buffer. */
    boolean contains(long va) {
        return va >= base && va < base + length;
    }
}
