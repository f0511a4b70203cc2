package org.iopf.plugin.dmaplane;

import org.iopf.api.mem.MemoryManager;
import org.iopf.toolkit.integrity.PageIntegrity;

/**
 * The end-of-run integrity check over dmaplane buffers: the toolkit's {@link PageIntegrity} at
 * offsets of two buffers (possibly on two nodes).
 */
final class BufferIntegrity {
    private BufferIntegrity() {
    }

    /** Mismatched 4 KiB pieces of {@code length} bytes at the two offsets. */
    static long mismatchedPages(MemoryManager expectedMemory, DmaplaneBuffer expected, long expectedOffset,
            MemoryManager actualMemory, DmaplaneBuffer actual, long actualOffset, long length) {
        return PageIntegrity.mismatchedPages(expectedMemory, expected.owner(), expected.address() + expectedOffset,
                actualMemory, actual.owner(), actual.address() + actualOffset, length);
    }
}
