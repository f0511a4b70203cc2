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

    /** Read or write: the kind of every access unless {@link #access(int, long)} says otherwise. */
    Access access();

    /** Read or write, for warp {@code warp}'s {@code index}-th access; by default {@link #access()}. */
    default Access access(int warp, long index) {
        return access();
    }

    /**
     * For a write: the address whose {@link #accessBytes()} bytes it stores (a copy kernel's load it
     * follows), or -1 for a write that only occupies bandwidth. The GPU moves the contents from the
     * source's frame to the destination's, so a copy kernel's output holds its input.
     */
    default long copySource(int warp, long index, int warps) {
        return -1;
    }

    /** Bytes one access moves (a warp's coalesced load or store). */
    long accessBytes();
}
