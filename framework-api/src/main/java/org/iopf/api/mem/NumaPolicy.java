package org.iopf.api.mem;

/**
 * Where a frame may come from when its preferred NUMA node is full.
 *
 * @since 0.1
 */
public enum NumaPolicy {
    /** Only the preferred node; fail when it is full. */
    STRICT_LOCAL,
    /** The preferred node, then the others by increasing SLIT distance. */
    NEAREST,
    /** Any node with free memory, the preferred one first. */
    ANY
}
