package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How a buffer's memory is obtained (seed 004).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum AllocationMode {
    /** Coherent DMA memory for small control structures (at most a few KiB). */
    COHERENT,
    /** Pages allocated on a chosen NUMA node, for data buffers. */
    PAGES
}
