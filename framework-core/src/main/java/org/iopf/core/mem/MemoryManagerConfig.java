package org.iopf.core.mem;

import org.iopf.api.sim.Time;

/**
 * Settings of a {@link DemandPagingMemoryManager}.
 *
 * @param minorFaultNanos simulated cost of a zero-fill fault of a 4 KiB page, ns, {@code >= 0};
 *     default 1 µs (trap, allocation, zeroing 4 KiB, PTE update on a current x86 server)
 * @param hugePageFaultNanos simulated cost of a zero-fill fault that maps a 2 MiB page, ns; default
 *     100 µs (zeroing 2 MiB at about 20 GB/s plus the fault)
 * @param swapInNanos simulated cost of a major fault that reads a 4 KiB page back from swap, ns;
 *     default 100 µs (an NVMe read)
 * @param lowWatermarkBytes when an allocation would leave less free memory than this, reclaim
 *     starts (the memory-pressure setting); default 0 (no pressure)
 * @param highWatermarkBytes reclaim stops once this much memory is free (after the allocation);
 *     {@code >= lowWatermarkBytes}; default 0
 * @param pinnableLimitBytes most bytes pinned at once (RLIMIT_MEMLOCK over the node); default
 *     unlimited ({@link Long#MAX_VALUE})
 * @param swapBytes swap capacity; without swap nothing can be reclaimed; default 64 GiB
 * @param thpEnabled transparent huge pages are used in VMAs that ask for them; default true
 * @param cowFaultNanos simulated cost of a write fault that breaks the copy-on-write sharing of a
 *     4 KiB page by copying it, ns; default 2 µs (trap, allocation, copying 4 KiB, PTE update and
 *     TLB flush; Linux {@code wp_page_copy})
 * @param hugeCowFaultNanos the same for a 2 MiB page copied whole, ns; default 200 µs (copying
 *     2 MiB at about 10 GB/s plus the fault)
 * @since 0.1
 */
public record MemoryManagerConfig(long minorFaultNanos, long hugePageFaultNanos, long swapInNanos,
        long lowWatermarkBytes, long highWatermarkBytes, long pinnableLimitBytes, long swapBytes, boolean thpEnabled,
        long cowFaultNanos, long hugeCowFaultNanos) {
    /** Default swap capacity: 64 GiB. */
    public static final long DEFAULT_SWAP_BYTES = 64L << 30;
    /** Default cost of a copy-on-write copy of a 4 KiB page: 2 µs. */
    public static final long DEFAULT_COW_FAULT_NANOS = Time.micros(2);
    /** Default cost of a copy-on-write copy of a 2 MiB page: 200 µs. */
    public static final long DEFAULT_HUGE_COW_FAULT_NANOS = Time.micros(200);

    /** Checks arguments. */
    public MemoryManagerConfig {
        requireNonNegative("minorFaultNanos", minorFaultNanos);
        requireNonNegative("hugePageFaultNanos", hugePageFaultNanos);
        requireNonNegative("swapInNanos", swapInNanos);
        requireNonNegative("lowWatermarkBytes", lowWatermarkBytes);
        requireNonNegative("highWatermarkBytes", highWatermarkBytes);
        requireNonNegative("pinnableLimitBytes", pinnableLimitBytes);
        requireNonNegative("swapBytes", swapBytes);
        requireNonNegative("cowFaultNanos", cowFaultNanos);
        requireNonNegative("hugeCowFaultNanos", hugeCowFaultNanos);
        if (highWatermarkBytes < lowWatermarkBytes) {
            throw new IllegalArgumentException("highWatermarkBytes " + highWatermarkBytes
                    + " must be >= lowWatermarkBytes " + lowWatermarkBytes);
        }
    }

    /** Settings with the default copy-on-write costs. */
    public MemoryManagerConfig(long minorFaultNanos, long hugePageFaultNanos, long swapInNanos,
            long lowWatermarkBytes, long highWatermarkBytes, long pinnableLimitBytes, long swapBytes,
            boolean thpEnabled) {
        this(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowWatermarkBytes, highWatermarkBytes,
                pinnableLimitBytes, swapBytes, thpEnabled, DEFAULT_COW_FAULT_NANOS, DEFAULT_HUGE_COW_FAULT_NANOS);
    }

    /** The defaults listed on the record. */
    public static MemoryManagerConfig defaults() {
        return new MemoryManagerConfig(Time.micros(1), Time.micros(100), Time.micros(100), 0, 0, Long.MAX_VALUE,
                DEFAULT_SWAP_BYTES, true);
    }

    /** This config with other copy-on-write copy costs, ns (4 KiB and 2 MiB pages). */
    public MemoryManagerConfig withCowFaultCosts(long baseNanos, long hugeNanos) {
        return new MemoryManagerConfig(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowWatermarkBytes,
                highWatermarkBytes, pinnableLimitBytes, swapBytes, thpEnabled, baseNanos, hugeNanos);
    }

    /** This config with other watermarks. */
    public MemoryManagerConfig withWatermarks(long lowBytes, long highBytes) {
        return new MemoryManagerConfig(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowBytes, highBytes,
                pinnableLimitBytes, swapBytes, thpEnabled, cowFaultNanos,
                hugeCowFaultNanos);
    }

    /** This config with another pinnable limit. */
    public MemoryManagerConfig withPinnableLimit(long bytes) {
        return new MemoryManagerConfig(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowWatermarkBytes,
                highWatermarkBytes, bytes, swapBytes, thpEnabled, cowFaultNanos,
                hugeCowFaultNanos);
    }

    /** This config with another swap capacity. */
    public MemoryManagerConfig withSwap(long bytes) {
        return new MemoryManagerConfig(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowWatermarkBytes,
                highWatermarkBytes, pinnableLimitBytes, bytes, thpEnabled, cowFaultNanos,
                hugeCowFaultNanos);
    }

    /** This config with THP on or off. */
    public MemoryManagerConfig withThp(boolean on) {
        return new MemoryManagerConfig(minorFaultNanos, hugePageFaultNanos, swapInNanos, lowWatermarkBytes,
                highWatermarkBytes, pinnableLimitBytes, swapBytes, on, cowFaultNanos,
                hugeCowFaultNanos);
    }

    /** This config with other fault costs, ns. */
    public MemoryManagerConfig withFaultCosts(long minorNanos, long hugeNanos, long swapInNanos) {
        return new MemoryManagerConfig(minorNanos, hugeNanos, swapInNanos, lowWatermarkBytes, highWatermarkBytes,
                pinnableLimitBytes, swapBytes, thpEnabled, cowFaultNanos,
                hugeCowFaultNanos);
    }

    private static void requireNonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0: " + value);
        }
    }
}
