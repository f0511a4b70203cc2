package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A virtual memory area of a process: a mapped range with its protection and options.
 *
 * @param range the virtual range
 * @param writable writes are allowed
 * @param options how it was mapped
 * @param readable reads are allowed (false after {@code mprotect(PROT_NONE)}); a writable VMA is readable
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Vma(AddressRange range, boolean writable, MapOptions options, boolean readable) {
    /** Checks arguments. */
    public Vma {
        java.util.Objects.requireNonNull(range, "range is null");
        java.util.Objects.requireNonNull(options, "options is null");
        if (writable && !readable) {
            throw new IllegalArgumentException("a writable VMA is readable");
        }
    }

    /** A readable VMA, writable or not (the constructor of 0.1). */
    public Vma(AddressRange range, boolean writable, MapOptions options) {
        this(range, writable, options, true);
    }

    /**
     * The protection of this VMA.
     *
     * @since 0.2
     */
    public Protection protection() {
        return writable ? Protection.READ_WRITE : readable ? Protection.READ : Protection.NONE;
    }

    /**
     * This VMA with another protection.
     *
     * @since 0.2
     */
    public Vma withProtection(Protection protection) {
        return new Vma(range, protection.writable(), options, protection.readable());
    }
}
