package org.iopf.plugin.uvm;

/**
 * How a kernel ended.
 *
 * @param channel the channel it ran on
 * @param accesses warp accesses completed
 * @param bytes bytes those accesses moved
 * @param startedAt when it was launched, ns
 * @param endedAt when its last warp finished or its channel was cancelled, ns
 * @param error null if it completed; else why its channel was cancelled
 * @since 0.1
 */
public record KernelResult(int channel, long accesses, long bytes, long startedAt, long endedAt, String error) {
    /** Whether every warp ran to its end. */
    public boolean ok() {
        return error == null;
    }

    /** The kernel's time, ns. */
    public long elapsedNanos() {
        return endedAt - startedAt;
    }
}
