package org.iopf.plugin.pldma;

import java.util.Objects;
import org.iopf.api.platform.NodeId;

/**
 * Names one transfer on the wire: the node whose PLDMA (or R5) issued it and that node's serial.
 * A retry of a block after a reset reuses its key, so that the receiving PLDMA recognises the
 * packets it already wrote and acknowledges them without writing them again (exactly-once
 * delivery).
 *
 * @param initiator the node that allocated the serial (the writer, or the reader for a read)
 * @param serial unique per initiator, {@code >= 0}
 */
record WireKey(NodeId initiator, long serial) {
    WireKey {
        Objects.requireNonNull(initiator, "initiator is null");
        if (serial < 0) {
            throw new IllegalArgumentException("serial must be >= 0: " + serial);
        }
    }
}
