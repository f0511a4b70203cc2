package org.iopf.api.buffer;

import java.util.List;

/**
 * An importer's attachment to an exported buffer (dma-buf style), with the importer's own
 * scatter-gather table. Holds a reference on the buffer until detached.
 *
 * @since 0.1
 */
public interface Attachment {
    /** The importing device or component ({@code node1/nic0}). */
    String importer();

    /** The buffer. */
    Buffer buffer();

    /** This importer's scatter-gather table of the buffer. */
    List<SgEntry> scatterGatherTable();
}
