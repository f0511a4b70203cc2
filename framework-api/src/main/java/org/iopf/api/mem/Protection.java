package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The protection {@link MemoryProtection#mprotect} gives a range, as {@code mprotect(2)}'s
 * {@code prot} (on x86-64 and arm64 a writable page is also readable, so {@code PROT_WRITE} alone
 * is {@link #READ_WRITE}).
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public enum Protection {
    /** {@code PROT_NONE}: every access faults with a protection violation. */
    NONE,
    /** {@code PROT_READ}: loads and DMA reads only. */
    READ,
    /** {@code PROT_READ | PROT_WRITE}. */
    READ_WRITE;

    /** Whether this protection allows reads. */
    public boolean readable() {
        return this != NONE;
    }

    /** Whether this protection allows writes. */
    public boolean writable() {
        return this == READ_WRITE;
    }
}
