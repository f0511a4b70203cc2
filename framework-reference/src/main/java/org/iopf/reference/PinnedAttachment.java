package org.iopf.reference;

import java.util.List;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.SgEntry;

/**
 * An importer's attachment to a pinned buffer, with its own scatter-gather table.
 */
final class PinnedAttachment implements Attachment {
    private final String importer;
    private final PinnedBuffer buffer;
    private final List<SgEntry> table;
    private boolean attached = true;

    PinnedAttachment(String importer, PinnedBuffer buffer, List<SgEntry> table) {
        this.importer = importer;
        this.buffer = buffer;
        this.table = table;
    }

    @Override
    public String importer() {
        return importer;
    }

    @Override
    public Buffer buffer() {
        return buffer;
    }

    @Override
    public List<SgEntry> scatterGatherTable() {
        return table;
    }

    /** Marks it detached; false if it was already. */
    boolean detach() {
        boolean was = attached;
        attached = false;
        return was;
    }

    @Override
    public String toString() {
        return "attachment[" + importer + " -> " + buffer + "]";
    }
}
