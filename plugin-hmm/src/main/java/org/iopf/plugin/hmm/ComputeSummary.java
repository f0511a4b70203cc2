package org.iopf.plugin.hmm;

/**
 * The outcome of a device kernel ({@link HmmDevice#compute}).
 *
 * @param deviceBytes bytes read or written in device memory (migrated or mirrored pages)
 * @param hostBytes bytes read or written in system memory over PCIe
 * @param deviceFaults pages the device had to fault in through the OS first
 * @param errors pages it could not reach at all
 * @param startNanos when it started, ns
 * @param endNanos when its last byte moved, ns
 * @since 0.1
 */
public record ComputeSummary(long deviceBytes, long hostBytes, long deviceFaults, long errors, long startNanos,
        long endNanos) {
    /** Checks arguments. */
    public ComputeSummary {
        if (deviceBytes < 0 || hostBytes < 0 || deviceFaults < 0 || errors < 0 || endNanos < startNanos) {
            throw new IllegalArgumentException("bad compute summary");
        }
    }

    /** Bytes touched. */
    public long bytes() {
        return deviceBytes + hostBytes;
    }

    /** How long it took, ns. */
    public long elapsedNanos() {
        return endNanos - startNanos;
    }
}
