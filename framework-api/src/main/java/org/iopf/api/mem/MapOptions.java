package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How {@link MemoryManager#mmap} maps anonymous memory.
 *
 * @param writable the mapping allows writes
 * @param transparentHugePages back it with 2 MiB pages where aligned (THP, madvise(MADV_HUGEPAGE))
 * @param numaNode the preferred NUMA node for its frames
 * @param numaPolicy where frames may come from when that node is full
 * @param populate fault every page in at map time (MAP_POPULATE)
 * @param shared a shared anonymous mapping ({@code MAP_SHARED | MAP_ANONYMOUS}, shmem in Linux)
 *     rather than a private one; device migration does not collect its pages (Linux's
 *     {@code migrate_vma_collect} migrates only anonymous private memory), and a memory manager
 *     that cannot share it with a fork's child refuses the fork
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record MapOptions(boolean writable, boolean transparentHugePages, int numaNode, NumaPolicy numaPolicy,
        boolean populate, boolean shared) {
    /** Read-write base pages on NUMA node 0 with nearest fallback, faulted in on demand. */
    public static final MapOptions DEFAULT = new MapOptions(true, false, 0, NumaPolicy.NEAREST, false, false);

    /** Checks arguments. */
    public MapOptions {
        java.util.Objects.requireNonNull(numaPolicy, "numaPolicy is null");
        if (numaNode < 0) {
            throw new IllegalArgumentException("numaNode must be >= 0: " + numaNode);
        }
    }

    /** Private options (the constructor of 0.1). */
    public MapOptions(boolean writable, boolean transparentHugePages, int numaNode, NumaPolicy numaPolicy,
            boolean populate) {
        this(writable, transparentHugePages, numaNode, numaPolicy, populate, false);
    }

    /**
     * These options shared ({@code MAP_SHARED}) or private ({@code MAP_PRIVATE}).
     *
     * @since 0.2
     */
    public MapOptions withShared(boolean on) {
        return new MapOptions(writable, transparentHugePages, numaNode, numaPolicy, populate, on);
    }

    /** These options with THP on or off. */
    public MapOptions withTransparentHugePages(boolean on) {
        return new MapOptions(writable, on, numaNode, numaPolicy, populate, shared);
    }

    /** These options on another NUMA node with another policy. */
    public MapOptions onNumaNode(int node, NumaPolicy policy) {
        return new MapOptions(writable, transparentHugePages, node, policy, populate, shared);
    }

    /** These options with populate on or off. */
    public MapOptions withPopulate(boolean on) {
        return new MapOptions(writable, transparentHugePages, numaNode, numaPolicy, on, shared);
    }

    /** These options read-only or writable. */
    public MapOptions withWritable(boolean on) {
        return new MapOptions(on, transparentHugePages, numaNode, numaPolicy, populate, shared);
    }
}
