package org.iopf.api.dma;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Whether a DMA engine took a descriptor.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum DmaSubmitResult {
    /** Queued; its completion will follow. */
    ACCEPTED,
    /** The engine's limit of concurrent transfers is reached; submit again after a completion. */
    BUSY,
    /** The channel does not exist or the stream is not attached. */
    INVALID
}
