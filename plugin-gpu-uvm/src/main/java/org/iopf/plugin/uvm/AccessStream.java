package org.iopf.plugin.uvm;

import org.iopf.api.mem.Access;

/**
 * What a kernel's warps access, as a workload describes it: the address of each warp's
 * {@code i}-th access, until the warp is done. Every access moves {@link #accessBytes()} bytes.
 *
 * @since 0.1
 */
public interface AccessStream {
    /** The address warp {@code warp} (0 .. warps-1) accesses at its {@code index}-th step, or -1 when it is done. */
    long address(int warp, long index, int warps);

    /** Read or write. */
    Access access();

    /** Bytes one access moves (a warp's coalesced load or store). */
    long accessBytes();
}
