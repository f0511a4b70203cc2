package org.iopf.plugin.dmaplane;

import java.util.List;
import java.util.Objects;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.SgEntry;

/**
 * An importer's dma-buf attachment (seed 004 §2.2.2: map_dma_buf builds one SG table per importing
 * device); holds one reference until detached.
 */
final class DmaplaneAttachment implements Attachment {
    private final String importer;
    private final DmaplaneBuffer buffer;
    private final List<SgEntry> table;
    private boolean attached = true;

    DmaplaneAttachment(String importer, DmaplaneBuffer buffer, List<SgEntry> table) {
        this.importer = Objects.requireNonNull(importer, "importer is null");
        this.buffer = Objects.requireNonNull(buffer, "buffer is null");
        this.table = List.copyOf(table);
    }

    @Override
    public String importer() {
        return importer;
    }

    @Override
    public Buffer buffer() {
        return buffer;
    }

    DmaplaneBuffer ownBuffer() {
        return buffer;
    }

    @Override
    public List<SgEntry> scatterGatherTable() {
        return table;
    }

    boolean isAttached() {
        return attached;
    }

    /** Marks it detached; false if it was already. */
    boolean detach() {
        boolean was = attached;
        attached = false;
        return was;
    }

    @Override
    public String toString() {
        return "attachment[" + importer + " -> buffer#" + buffer.id() + "]";
    }
}
