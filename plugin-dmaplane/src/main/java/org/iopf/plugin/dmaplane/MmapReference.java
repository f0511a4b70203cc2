package org.iopf.plugin.dmaplane;

import java.util.Objects;

/**
 * A user mapping of a buffer (seed 004 §2.2.2: vm_operations_struct open/close track VMAs): holds
 * one reference until closed.
 */
final class MmapReference {
    private final DmaplaneBuffer buffer;
    private boolean open = true;

    MmapReference(DmaplaneBuffer buffer) {
        this.buffer = Objects.requireNonNull(buffer, "buffer is null");
    }

    DmaplaneBuffer buffer() {
        return buffer;
    }

    boolean isOpen() {
        return open;
    }

    /** Marks it closed; false if it was already. */
    boolean close() {
        boolean was = open;
        open = false;
        return was;
    }
}
