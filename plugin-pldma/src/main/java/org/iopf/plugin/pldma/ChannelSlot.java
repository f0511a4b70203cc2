package org.iopf.plugin.pldma;

/**
 * A transfer that occupies one of a channel's buffers (double buffering: two per channel) while it
 * is active, and waits in the channel's queue until one is free.
 */
interface ChannelSlot {
    /** The channel has given this transfer a buffer: start moving it. */
    void activate();
}
