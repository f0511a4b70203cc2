package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A registered memory region.
 *
 * @param lkey key for local access
 * @param rkey key for remote access
 * @param pdn the protection domain's number
 * @param address first virtual address
 * @param length bytes
 * @param remoteWrite remote writes allowed
 * @param remoteRead remote reads allowed
 * @param onDemand on-demand paging: the pages are not pinned and may fault (NPF / ODP)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record MemoryRegion(int lkey, int rkey, int pdn, long address, long length, boolean remoteWrite,
        boolean remoteRead, boolean onDemand) {
    /** Checks arguments. */
    public MemoryRegion {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
    }

    /** Whether {@code [addr, addr+len)} lies inside the region. */
    public boolean contains(long addr, long len) {
        return addr >= address && len >= 0 && addr + len <= address + length;
    }
}
