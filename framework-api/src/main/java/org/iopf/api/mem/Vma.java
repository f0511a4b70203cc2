package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A virtual memory area of a process: a mapped range with its protection and options.
 *
 * @param range the virtual range
 * @param writable writes are allowed
 * @param options how it was mapped
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record Vma(AddressRange range, boolean writable, MapOptions options) {
    /** Checks arguments. */
    public Vma {
        java.util.Objects.requireNonNull(range, "range is null");
        java.util.Objects.requireNonNull(options, "options is null");
    }
}
