package org.iopf.plugin.dmaplane;

import java.util.Objects;

/**
 * An entry of a channel's completion ring.
 *
 * @param id the descriptor's id
 * @param status how it ended
 * @param bytes bytes copied
 * @param timeNanos when it completed
 */
record ChannelCompletion(long id, Status status, long bytes, long timeNanos) {
    ChannelCompletion {
        Objects.requireNonNull(status, "status is null");
    }

    /** How a descriptor ended. */
    enum Status {
        /** Copied. */
        OK,
        /** A buffer was revoked or freed before the worker reached the descriptor. */
        BUFFER_GONE
    }
}
