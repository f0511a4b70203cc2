package org.iopf.api.dma;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.platform.NodeId;

/**
 * One DMA transfer: {@code length} bytes from {@code source} (an I/O virtual address on the
 * engine's node) to {@code destination} (an I/O virtual address on {@code destinationNode}, which
 * is the engine's own node for a local copy).
 *
 * @param id the submitter's id for the transfer, echoed in its completion
 * @param stream the stream (and so the protection domain) the engine translates with
 * @param channel the logical channel within the domain, {@code >= 0}
 * @param source source I/O virtual address
 * @param destinationNode node that holds the destination
 * @param destination destination I/O virtual address
 * @param length bytes to move, {@code > 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DmaDescriptor(long id, StreamId stream, int channel, long source, NodeId destinationNode,
        long destination, long length) {
    /** Checks arguments. */
    public DmaDescriptor {
        Objects.requireNonNull(stream, "stream is null");
        Objects.requireNonNull(destinationNode, "destinationNode is null");
        if (channel < 0) {
            throw new IllegalArgumentException("channel must be >= 0: " + channel);
        }
        if (length <= 0) {
            throw new IllegalArgumentException("length must be > 0: " + length);
        }
    }
}
