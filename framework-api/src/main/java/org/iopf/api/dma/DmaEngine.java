package org.iopf.api.dma;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The DMA-engine role: moves bytes between I/O virtual addresses, translating each chunk through
 * the node's IOMMU, pausing a transfer on a fault and resuming or failing it, and reporting a
 * completion with a status for every accepted descriptor.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface DmaEngine {
    /** Logical channels available per protection domain. */
    int channelsPerDomain();

    /** Transfers the engine keeps in flight at most, over all channels. */
    int maxConcurrentTransfers();

    /** Transfers accepted and not yet completed. */
    int inFlight();

    /**
     * Submits a transfer.
     *
     * @param descriptor the transfer
     * @param onComplete told exactly once how an accepted transfer ended; not called otherwise
     * @return whether it was accepted
     */
    DmaSubmitResult submit(DmaDescriptor descriptor, Consumer<DmaCompletion> onComplete);
}
