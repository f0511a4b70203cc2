package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The outcome of {@link MemoryManager#faultIn}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum FaultInResult {
    /**
     * The page was already present with the requested access. A write to a present
     * copy-on-write page (see {@link CopyOnWriteFork#fork}) also reports this: the sharing was
     * broken first, by a copy to a new frame ({@link MemoryStats#cowFaults()}) or, for the last
     * sharer, by write permission alone ({@link MemoryStats#cowReuses()}).
     */
    ALREADY_PRESENT,
    /** A never-touched page was given a zeroed frame (minor fault). */
    ZERO_FILLED,
    /**
     * The page was read back from swap, or migrated back from a device's private memory by its
     * owner ({@link DevicePagemapOps#migrateToRam}): a major fault.
     */
    SWAPPED_IN,
    /** The address is not in any VMA (segmentation fault). */
    NO_MAPPING,
    /** The access is not allowed by the VMA (write to a read-only mapping). */
    PROTECTION_VIOLATION,
    /** No frame could be found even after reclaim. */
    OUT_OF_MEMORY,
    /**
     * The page lives in device-private memory and its owner did not migrate it back (a manager
     * without device-memory support, or an owner that left it in place).
     */
    DEVICE_PRIVATE;

    /**
     * Whether the page is resident after this outcome ({@link #ALREADY_PRESENT},
     * {@link #ZERO_FILLED}, {@link #SWAPPED_IN}).
     *
     * @since 0.2
     */
    public boolean resident() {
        return this == ALREADY_PRESENT || this == ZERO_FILLED || this == SWAPPED_IN;
    }
}
