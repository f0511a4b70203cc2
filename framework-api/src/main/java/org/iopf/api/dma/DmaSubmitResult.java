package org.iopf.api.dma;

/**
 * Whether a DMA engine took a descriptor.
 *
 * @since 0.1
 */
public enum DmaSubmitResult {
    /** Queued; its completion will follow. */
    ACCEPTED,
    /** The engine's limit of concurrent transfers is reached; submit again after a completion. */
    BUSY,
    /** The channel does not exist or the stream is not attached. */
    INVALID
}
