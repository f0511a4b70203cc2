package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Where a frame may come from when its preferred NUMA node is full.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum NumaPolicy {
    /** Only the preferred node; fail when it is full. */
    STRICT_LOCAL,
    /** The preferred node, then the others by increasing SLIT distance. */
    NEAREST,
    /** Any node with free memory, the preferred one first. */
    ANY
}
