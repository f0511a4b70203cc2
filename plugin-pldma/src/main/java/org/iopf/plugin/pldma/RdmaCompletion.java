package org.iopf.plugin.pldma;

import java.util.Objects;
import org.iopf.api.dma.DmaStatus;

/**
 * How one {@code rdma_write} or {@code rdma_read} of the user library ended, as the R5 firmware
 * reports it back to the library.
 *
 * @param requestId the library's id for the request
 * @param operation write or read
 * @param status OK, or the first failure of one of its blocks
 * @param bytes bytes of the blocks that completed
 * @param blocks 16 KiB blocks the request was split into
 * @param retries block submissions repeated after an R5 timeout
 * @param submitNanos when the library was called
 * @param completeNanos when the library saw the completion
 * @since 0.1
 */
public record RdmaCompletion(long requestId, RdmaOperation operation, DmaStatus status, long bytes, int blocks,
        int retries, long submitNanos, long completeNanos) {
    /** Checks arguments. */
    public RdmaCompletion {
        Objects.requireNonNull(operation, "operation is null");
        Objects.requireNonNull(status, "status is null");
        if (completeNanos < submitNanos) {
            throw new IllegalArgumentException("completion before submission");
        }
    }

    /** Submission to completion, ns. */
    public long latencyNanos() {
        return completeNanos - submitNanos;
    }
}
