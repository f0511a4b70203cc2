package org.iopf.plugin.hmm;

/**
 * The outcome of writing a range back to storage ({@link HmmDevice#writeBack}).
 *
 * @param bouncedBytes device-private bytes that went through the host bounce buffer
 * @param directBytes bytes written straight from system memory
 * @param startNanos when it started, ns
 * @param endNanos when the storage had the last byte, ns
 * @since 0.1
 */
public record WriteBackSummary(long bouncedBytes, long directBytes, long startNanos, long endNanos) {
    /** Checks arguments. */
    public WriteBackSummary {
        if (bouncedBytes < 0 || directBytes < 0 || endNanos < startNanos) {
            throw new IllegalArgumentException("bad write-back summary");
        }
    }
}
