package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.mem.PageSize;

/**
 * Compares two buffers, possibly on two nodes, page by page by content fingerprint, as the
 * integrity check at the end of a workload. A page that is not resident on either side counts as
 * a mismatch: the data did not arrive there.
 */
final class PageIntegrity {
    private PageIntegrity() {
    }

    /**
     * Counts the 4 KiB pieces of {@code [expectedVa, expectedVa+length)} in {@code expectedSpace}
     * whose fingerprint differs from the same piece of {@code [actualVa, actualVa+length)} in
     * {@code actualSpace}.
     *
     * @return mismatched pages, {@code 0..ceil(length / 4 KiB)}
     */
    static long mismatchedPages(MemoryManager expectedMemory, AddressSpace expectedSpace, long expectedVa,
            MemoryManager actualMemory, AddressSpace actualSpace, long actualVa, long length) {
        requireNonNull(expectedMemory, "expectedMemory is null");
        requireNonNull(expectedSpace, "expectedSpace is null");
        requireNonNull(actualMemory, "actualMemory is null");
        requireNonNull(actualSpace, "actualSpace is null");
        long mismatched = 0;
        for (long offset = 0; offset < length; offset += PageSize.BASE.bytes()) {
            long piece = Math.min(PageSize.BASE.bytes(), length - offset);
            long expectedPa = expectedMemory.translate(expectedSpace, expectedVa + offset, Access.READ);
            long actualPa = actualMemory.translate(actualSpace, actualVa + offset, Access.READ);
            if (expectedPa < 0 || actualPa < 0 || expectedMemory.physicalMemory().fingerprint(expectedPa, piece)
                    != actualMemory.physicalMemory().fingerprint(actualPa, piece)) {
                mismatched++;
            }
        }
        return mismatched;
    }
}
