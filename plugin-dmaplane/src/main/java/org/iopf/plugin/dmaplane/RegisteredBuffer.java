package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.nic.MemoryRegion;

/**
 * A dmaplane buffer registered with the RDMA engine: its attachment (the engine's own SG table)
 * and its memory region.
 *
 * @param buffer the buffer
 * @param attachment the engine's attachment to it
 * @param region the memory region
 */
record RegisteredBuffer(DmaplaneBuffer buffer, DmaplaneAttachment attachment, MemoryRegion region) {
    RegisteredBuffer {
        Objects.requireNonNull(buffer, "buffer is null");
        Objects.requireNonNull(attachment, "attachment is null");
        Objects.requireNonNull(region, "region is null");
    }
}
