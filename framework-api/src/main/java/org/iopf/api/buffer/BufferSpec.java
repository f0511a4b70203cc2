package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.mem.NumaPolicy;

/**
 * What to allocate.
 *
 * @param size bytes, {@code > 0}
 * @param mode coherent or page allocation
 * @param numaNode the preferred NUMA node
 * @param numaPolicy where else its pages may come from
 * @param hugePages back it with 2 MiB pages where possible
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record BufferSpec(long size, AllocationMode mode, int numaNode, NumaPolicy numaPolicy, boolean hugePages) {
    /** Checks arguments. */
    public BufferSpec {
        Objects.requireNonNull(mode, "mode is null");
        Objects.requireNonNull(numaPolicy, "numaPolicy is null");
        if (size <= 0) {
            throw new IllegalArgumentException("size must be > 0: " + size);
        }
        if (numaNode < 0) {
            throw new IllegalArgumentException("numaNode must be >= 0: " + numaNode);
        }
    }

    /** Page-allocated data buffer of {@code size} bytes on NUMA node 0, nearest fallback. */
    public static BufferSpec data(long size) {
        return new BufferSpec(size, AllocationMode.PAGES, 0, NumaPolicy.NEAREST, false);
    }
}
