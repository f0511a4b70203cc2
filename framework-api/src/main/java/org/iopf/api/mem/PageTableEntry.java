package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A snapshot of one page-table entry of a process.
 *
 * @param va virtual address of the page (aligned to {@code size})
 * @param pa physical address of the frame; meaningful only when {@code present}
 * @param size base or huge page
 * @param present the page is resident and mapped
 * @param writable writes are allowed
 * @param dirty written since it was last clean
 * @param accessed touched since the bit was last cleared
 * @param pinned pinned: never reclaimed or migrated
 * @param swapped not present; its contents are in swap
 * @param devicePrivate not present in system memory; it lives in a device's private memory
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record PageTableEntry(long va, long pa, PageSize size, boolean present, boolean writable,
        boolean dirty, boolean accessed, boolean pinned, boolean swapped, boolean devicePrivate) {
    /** Checks arguments. */
    public PageTableEntry {
        java.util.Objects.requireNonNull(size, "size is null");
    }

    /** The physical address that backs {@code address} inside this page. */
    public long physicalAddress(long address) {
        return pa + (address - va);
    }
}
