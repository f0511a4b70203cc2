package org.iopf.plugin.dmaplane;

import java.util.Objects;

/**
 * A descriptor on a channel's submit ring: copy {@code length} bytes from {@code source} at
 * {@code sourceOffset} to {@code destination} at {@code destinationOffset}.
 *
 * @param id the submitter's id, echoed in the completion
 * @param source the source buffer
 * @param sourceOffset byte offset in it
 * @param destination the destination buffer
 * @param destinationOffset byte offset in it
 * @param length bytes, {@code > 0}
 */
record CopyDescriptor(long id, DmaplaneBuffer source, long sourceOffset, DmaplaneBuffer destination,
        long destinationOffset, long length) {
    CopyDescriptor {
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(destination, "destination is null");
        if (length <= 0 || sourceOffset < 0 || destinationOffset < 0 || sourceOffset + length > source.size()
                || destinationOffset + length > destination.size()) {
            throw new IllegalArgumentException("copy of " + length + " B at " + sourceOffset + " -> " + destinationOffset
                    + " does not fit the buffers");
        }
    }
}
