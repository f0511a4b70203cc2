package org.iopf.plugin.dmaplane;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;

/**
 * Compares pieces of two buffers (possibly on two nodes) 4 KiB at a time by content fingerprint: the
 * end-of-run integrity check. A piece that is not resident on either side counts as a mismatch.
 */
final class BufferIntegrity {
    private BufferIntegrity() {
    }

    /** Mismatched 4 KiB pieces of {@code length} bytes at the two offsets. */
    static long mismatchedPages(MemoryManager expectedMemory, DmaplaneBuffer expected, long expectedOffset,
            MemoryManager actualMemory, DmaplaneBuffer actual, long actualOffset, long length) {
        long mismatched = 0;
        long page = PageSize.BASE.bytes();
        long offset = 0;
        while (offset < length) {
            long e = expected.address() + expectedOffset + offset;
            long a = actual.address() + actualOffset + offset;
            long piece = Math.min(length - offset, Math.min(page - (e & (page - 1)), page - (a & (page - 1))));
            long ePa = expectedMemory.translate(expected.owner(), e, Access.READ);
            long aPa = actualMemory.translate(actual.owner(), a, Access.READ);
            if (ePa < 0 || aPa < 0 || expectedMemory.physicalMemory().fingerprint(ePa, piece)
                    != actualMemory.physicalMemory().fingerprint(aPa, piece)) {
                mismatched++;
            }
            offset += piece;
        }
        return mismatched;
    }
}
