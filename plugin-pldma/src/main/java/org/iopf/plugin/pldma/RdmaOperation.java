package org.iopf.plugin.pldma;

/**
 * The two operations of the user library.
 *
 * @since 0.1
 */
public enum RdmaOperation {
    /** Local memory into remote memory. */
    WRITE,
    /** Remote memory into local memory. */
    READ
}
