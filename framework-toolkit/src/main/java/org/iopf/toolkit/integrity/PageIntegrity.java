package org.iopf.toolkit.integrity;

import static java.util.Objects.requireNonNull;

import java.util.OptionalLong;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;

/**
 * Compares two ranges, possibly in two address spaces on two nodes, exactly
 * ({@link org.iopf.api.mem.PhysicalMemory#holds}: by description fingerprint, by bytes where those
 * cannot settle it): the integrity check at the end of a workload. The ranges are cut where either side crosses a 4 KiB
 * page, so that each piece lies in one frame on both sides; a piece not resident on either side
 * counts as a mismatch (the data did not arrive there).
 */
public final class PageIntegrity {
    private PageIntegrity() {
    }

    /**
     * Counts the pieces of {@code [expectedVa, expectedVa+length)} in {@code expectedSpace} whose
     * contents differ from the same bytes of {@code [actualVa, actualVa+length)} in {@code
     * actualSpace}. With both ranges page-aligned a piece is a page.
     *
     * @param expectedMemory the memory manager of the expected side
     * @param expectedSpace the expected side's address space
     * @param expectedVa the expected range's first address
     * @param actualMemory the memory manager of the actual side
     * @param actualSpace the actual side's address space
     * @param actualVa the actual range's first address
     * @param length bytes to compare, {@code >= 0}
     * @return mismatched pieces, 0 when every byte matches
     */
    public static long mismatchedPages(MemoryManager expectedMemory, AddressSpace expectedSpace, long expectedVa,
            MemoryManager actualMemory, AddressSpace actualSpace, long actualVa, long length) {
        requireNonNull(expectedMemory, "expectedMemory is null");
        requireNonNull(expectedSpace, "expectedSpace is null");
        requireNonNull(actualMemory, "actualMemory is null");
        requireNonNull(actualSpace, "actualSpace is null");
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
        long page = PageSize.BASE.bytes();
        long mismatched = 0;
        long offset = 0;
        while (offset < length) {
            long e = expectedVa + offset;
            long a = actualVa + offset;
            long piece = Math.min(length - offset, Math.min(page - (e & (page - 1)), page - (a & (page - 1))));
            OptionalLong ePa = expectedMemory.translate(expectedSpace, e, Access.READ);
            OptionalLong aPa = actualMemory.translate(actualSpace, a, Access.READ);
            if (ePa.isEmpty() || aPa.isEmpty() || !actualMemory.physicalMemory().holds(aPa.getAsLong(),
                    expectedMemory.physicalMemory().capture(ePa.getAsLong(), piece))) {
                mismatched++;
            }
            offset += piece;
        }
        return mismatched;
    }
}
