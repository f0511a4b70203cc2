package org.iopf.api.dma;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The completion of one DMA transfer.
 *
 * @param descriptor the transfer
 * @param status how it ended
 * @param bytesTransferred bytes that reached the destination
 * @param submitNanos when it was submitted
 * @param completeNanos when it completed
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DmaCompletion(DmaDescriptor descriptor, DmaStatus status, long bytesTransferred, long submitNanos,
        long completeNanos) {
    /** Checks arguments. */
    public DmaCompletion {
        Objects.requireNonNull(descriptor, "descriptor is null");
        Objects.requireNonNull(status, "status is null");
        if (completeNanos < submitNanos) {
            throw new IllegalArgumentException("completion before submission");
        }
    }

    /** Time from submission to completion in ns. */
    public long latencyNanos() {
        return completeNanos - submitNanos;
    }
}
