package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * An importer's attachment to an exported buffer (dma-buf style), with the importer's own
 * scatter-gather table. Holds a reference on the buffer until detached.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Attachment {
    /** The importing device or component ({@code node1/nic0}). */
    String importer();

    /** The buffer. */
    Buffer buffer();

    /** This importer's scatter-gather table of the buffer. */
    List<SgEntry> scatterGatherTable();
}
