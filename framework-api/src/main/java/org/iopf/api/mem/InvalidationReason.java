package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Why the memory manager is taking pages away from their current frames.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum InvalidationReason {
    /** Reclaim: the page is being swapped out. */
    RECLAIM,
    /** The range is being unmapped. */
    UNMAP,
    /** The page is moving to another frame (NUMA migration, device migration, compaction). */
    MIGRATE,
    /**
     * The page's protection is changing (for example copy-on-write: {@link CopyOnWriteFork#fork}
     * write-protects the parent's private pages; the frames stay, writable translations must go).
     */
    PROTECTION,
    /**
     * A write broke the copy-on-write sharing of a page: the writer's page moves to a private
     * copy on a new frame (the other sharers keep the old frame), so cached translations of the
     * writer's page to the old frame must go.
     *
     * @since 0.1
     */
    COPY_ON_WRITE,
    /**
     * Device-exclusive access to the page begins or ends (Linux {@code MMU_NOTIFY_EXCLUSIVE}): a
     * device is taking exclusive access ({@link DeviceMemory#makeDeviceExclusive}), or a CPU access
     * is taking it back, so any other device's (or the previous owner's) translation of the page
     * must go. Linux 5.14 to 6.14 send {@code MMU_NOTIFY_EXCLUSIVE} for both (the owner set when
     * the entry is made, none when {@code remove_device_exclusive_entry} restores it); since 6.15
     * the restore sends {@code MMU_NOTIFY_CLEAR}. Either way a device drops its translation of the
     * page unless it is making the entry itself.
     *
     * @since 0.2
     */
    EXCLUSIVE
}
