package org.iopf.api.mem;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The OS memory manager of a node: process address spaces, demand paging (zero-fill and swap-in),
 * reclaim under memory pressure, pinning with a pinnable limit, MMU notifiers, advice and THP.
 *
 * <p>Pages are faulted in on demand. {@link #faultIn} models the fault's cost in simulated time;
 * the CPU-side accessors ({@link #read}, {@link #write}) and {@link #pin} are immediate: they
 * prepare state for a workload and cost no simulated time (a component that wants the cost calls
 * {@code faultIn} first).
 *
 * <p>Reclaim keeps at least the low-watermark of free memory (the memory-pressure setting); it
 * never takes a pinned page, and it calls every notifier registered for an address space before
 * the page's frame is freed.
 *
 * @since 0.1
 */
public interface MemoryManager {
    /** The system memory this manager allocates from. */
    PhysicalMemory physicalMemory();

    /** Creates a process with an empty address space. */
    AddressSpace createAddressSpace(String name);

    /** The process with this pid, if any. */
    Optional<AddressSpace> addressSpace(int pid);

    /**
     * Maps {@code length} bytes of anonymous memory at an address the manager chooses (aligned to
     * 2 MiB so that THP can apply).
     *
     * @return the virtual address of the mapping
     */
    long mmap(AddressSpace space, long length, MapOptions options);

    /** Unmaps a range: notifiers are called, pinned pages are unpinned, frames freed. */
    void munmap(AddressSpace space, long va, long length);

    /**
     * The physical address backing {@code va} for {@code access}, if the page is present and
     * allows it; sets the accessed (and for writes the dirty) bit. Never faults.
     *
     * @return the physical address, or -1 when the access would fault
     */
    long translate(AddressSpace space, long va, Access access);

    /**
     * Resolves a fault on the page containing {@code va}, taking simulated time: a zero-fill
     * costs the minor-fault time, a swap-in the swap latency. {@code done} is called when the
     * page is present (or with the reason it cannot be).
     */
    void faultIn(AddressSpace space, long va, Access access, Consumer<FaultInResult> done);

    /**
     * Resolves a fault at once, with no simulated time. For setup and for components that model
     * the fault's cost themselves.
     */
    FaultInResult faultInNow(AddressSpace space, long va, Access access);

    /** Faults in and pins every page of a range, all or nothing, within the pinnable limit. */
    PinResult pin(AddressSpace space, long va, long length);

    /** Unpins a range; pages stay resident but become reclaimable. */
    void unpin(AddressSpace space, long va, long length);

    /** Applies madvise-style advice to a range. */
    void advise(AddressSpace space, long va, long length, Advice advice);

    /**
     * Reclaims up to {@code bytes} of unpinned resident pages, least recently used first, calling
     * notifiers before each frame is freed.
     *
     * @return bytes reclaimed
     */
    long reclaim(long bytes);

    /**
     * Moves the resident pages of a range to frames on another NUMA node (page migration),
     * calling notifiers first; pinned pages stay.
     *
     * @return bytes migrated
     */
    long migrate(AddressSpace space, long va, long length, int targetNumaNode);

    /** Reads process memory as the CPU would, faulting pages in at once. */
    void read(AddressSpace space, long va, byte[] dst, int offset, int length);

    /** Writes process memory as the CPU would, faulting pages in at once. */
    void write(AddressSpace space, long va, byte[] src, int offset, int length);

    /**
     * Fills process memory with {@link PhysicalMemory#generated deterministic content} as the CPU
     * would, faulting pages in at once: byte {@code i} of the range is byte {@code i} of
     * {@code physicalMemory().generated(seed, length)}.
     */
    void fill(AddressSpace space, long va, long length, long seed);

    /** Registers a notifier for one address space. */
    void registerNotifier(AddressSpace space, MmuNotifier notifier);

    /** Removes a notifier. */
    void unregisterNotifier(AddressSpace space, MmuNotifier notifier);

    /** The most bytes that may be pinned at once (RLIMIT_MEMLOCK summed over the node). */
    long pinnableLimit();

    /**
     * Registers {@code bytes} of device-private memory owned by a device driver (Linux's
     * {@code memremap_pages} with {@code MEMORY_DEVICE_PRIVATE}): the memory manager creates the
     * device memory (with the content mode of system memory) and calls {@code ops} when a CPU
     * access touches one of its pages. The default refuses: this manager has no device memory.
     *
     * @param name unique within the node ({@code gpu0-vram}), not null
     * @param bytes capacity, a positive multiple of 2 MiB
     * @param ops the owner's callbacks, not null
     * @return the registered pagemap
     * @throws UnsupportedOperationException if the manager does not model device memory
     * @since 0.1
     */
    default DevicePagemap addDevicePagemap(String name, long bytes, DevicePagemapOps ops) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not model device memory");
    }

    /**
     * The device-private entry of the page containing {@code va}, if the page lives in a device's
     * private memory. The default has none.
     *
     * @since 0.1
     */
    default java.util.Optional<DevicePrivateEntry> devicePrivateEntry(AddressSpace space, long va) {
        return java.util.Optional.empty();
    }

    /**
     * Starts migrating {@code [va, va+length)} ({@code migrate_vma_setup}): calls the address
     * space's MMU notifiers for the range ({@link InvalidationReason#MIGRATE}, or
     * {@link InvalidationReason#PROTECTION} in mirror mode), then collects and unmaps the pages
     * (migration entries; in mirror mode they stay readable but write-protected). For
     * {@link MigrationKind#TO_DEVICE} it collects present unpinned pages (a huge page only partly
     * in the range is split) and never-touched pages; for {@link MigrationKind#MIRROR_TO_DEVICE}
     * present pages (never-touched ones are faulted in first); for {@link MigrationKind#TO_RAM}
     * the pagemap's device-private pages, with a system frame allocated as each destination. A
     * CPU access to a collected page before {@link #migrateCommit} takes it back: that page is
     * skipped, never corrupted. Costs no simulated time: the driver models the time.
     *
     * @param space the address space, not null
     * @param va page aligned start
     * @param length bytes, {@code > 0}
     * @param kind direction and mode, not null
     * @param pagemap the device memory on the other side, registered with this manager, not null
     * @return the batch
     * @throws UnsupportedOperationException if the manager does not model device memory
     * @since 0.1
     */
    default MigrationBatch migrateSetup(AddressSpace space, long va, long length, MigrationKind kind,
            DevicePagemap pagemap) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not model device memory");
    }

    /**
     * Commits a batch ({@code migrate_vma_pages}): every collected page that has a destination
     * and did not change since setup gets its new entry (device-private, mirrored, or present in
     * system memory); the others are skipped. The contents must already have been copied.
     *
     * @throws UnsupportedOperationException if the manager does not model device memory
     * @throws IllegalStateException if the batch was committed already
     * @since 0.1
     */
    default void migrateCommit(MigrationBatch batch) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not model device memory");
    }

    /**
     * Ends a committed batch ({@code migrate_vma_finalize}): frees the source frames of migrated
     * pages (not in mirror mode, where both copies live on) and the destination frames of skipped
     * pages, and puts back any page still held by the batch.
     *
     * @return what was migrated and skipped
     * @throws UnsupportedOperationException if the manager does not model device memory
     * @throws IllegalStateException if the batch was not committed or was finalized already
     * @since 0.1
     */
    default MigrationResult migrateFinalize(MigrationBatch batch) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not model device memory");
    }

    /**
     * Forks a process ({@code fork(2)} for its memory): the child gets a copy of the parent's
     * VMAs at the same addresses and shares its pages copy-on-write. Before anything changes the
     * parent's notifiers are called with {@link InvalidationReason#PROTECTION} for its writable
     * VMAs that hold pages, so IOMMUs and NICs drop their writable translations. Then every
     * present, unpinned page of the parent is mapped into the child on the same frame, and both
     * lose write permission to it ({@link #translate} for {@link Access#WRITE} answers -1 in
     * both); swapped-out pages share their swap entry. The first write of either side
     * ({@link #faultIn}, {@link #faultInNow}, {@link #write}, {@link #fill}) breaks the sharing:
     * the writer gets a copy on a new frame (its notifiers are told
     * {@link InvalidationReason#COPY_ON_WRITE} first), or, when it is the last sharer, write
     * permission back without a copy. As in Linux, pinned pages (DMA may target them at any time)
     * and pages in device-private memory are copied into the child at once, so a DMA never writes
     * into a shared frame and the parent keeps its pinned frames writable; pinning a shared page
     * first breaks its sharing ({@code FOLL_LONGTERM} unshare). The child has no notifiers.
     * {@link #munmap} on either side drops that side's reference; a frame is freed with its last
     * reference. The contents of both processes stay byte-exact. The default refuses.
     *
     * @param parent the process to fork, not null
     * @param childName the child's name, not null
     * @return the child, with a new pid
     * @throws UnsupportedOperationException if the manager does not model copy-on-write
     * @throws IllegalStateException if no memory is left for the eager copies: no child is created and
     *     the parent's pages are as before (though reclaim may have swapped some out)
     * @since 0.1
     */
    default AddressSpace fork(AddressSpace parent, String childName) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not model copy-on-write");
    }

    /** A snapshot of the counters. */
    MemoryStats stats();
}
