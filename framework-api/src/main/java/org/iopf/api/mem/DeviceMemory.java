package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The device-private memory (HMM) of a memory manager, an optional capability found with
 * {@link MemoryManager#deviceMemory()} or {@link MemoryManager#requireDeviceMemory()}: a driver
 * registers its device memory as a pagemap and migrates ranges of a process between system memory
 * and that pagemap ({@code migrate_vma_setup}, {@code migrate_vma_pages},
 * {@code migrate_vma_finalize}). A CPU access to a device-private page goes through the
 * {@link MemoryManager} as any other and calls the owner's {@link DevicePagemapOps#migrateToRam}.
 * A device may also take exclusive access to a page that stays in system memory
 * ({@link #makeDeviceExclusive}, Linux {@code make_device_exclusive}).
 *
 * <p>Stability: experimental.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DeviceMemory {
    /**
     * Registers {@code bytes} of device-private memory owned by a device driver (Linux's
     * {@code memremap_pages} with {@code MEMORY_DEVICE_PRIVATE}): the memory manager creates the
     * device memory (with the content mode of system memory) and calls {@code ops} when a CPU
     * access touches one of its pages.
     *
     * @param name unique within the node ({@code gpu0-vram}), not null
     * @param bytes capacity, a positive multiple of 2 MiB
     * @param ops the owner's callbacks, not null
     * @return the registered pagemap
     * @since 0.1
     */
    DevicePagemap addDevicePagemap(String name, long bytes, DevicePagemapOps ops);

    /**
     * The device-private entry of the page containing {@code va}, if the page lives in a device's
     * private memory.
     *
     * @since 0.1
     */
    Optional<DevicePrivateEntry> devicePrivateEntry(AddressSpace space, long va);

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
     * @since 0.1
     */
    MigrationBatch migrateSetup(AddressSpace space, long va, long length, MigrationKind kind,
            DevicePagemap pagemap);

    /**
     * Commits a batch ({@code migrate_vma_pages}): every collected page that has a destination
     * and did not change since setup gets its new entry (device-private, mirrored, or present in
     * system memory); the others are skipped. The contents must already have been copied.
     *
     * @throws IllegalStateException if the batch was committed already
     * @since 0.1
     */
    void migrateCommit(MigrationBatch batch);

    /**
     * Ends a committed batch ({@code migrate_vma_finalize}): frees the source frames of migrated
     * pages (not in mirror mode, where both copies live on) and the destination frames of skipped
     * pages, and puts back any page still held by the batch.
     *
     * @return what was migrated and skipped
     * @throws IllegalStateException if the batch was not committed or was finalized already
     * @since 0.1
     */
    MigrationResult migrateFinalize(MigrationBatch batch);

    /**
     * Gives {@code owner} exclusive access to the base page containing {@code va} (Linux
     * {@code make_device_exclusive}, mm/rmap.c): the page is faulted in for writing as
     * {@code get_user_pages(FOLL_WRITE | FOLL_SPLIT_PMD)} would (zero-fill, swap-in, migrated back
     * from a device, copy-on-write broken, a huge page split), the address space's notifiers are
     * called with {@link InvalidationReason#EXCLUSIVE} (the caller, told so by the reason, keeps
     * its own translation), and the CPU entry is replaced by a device-exclusive entry. From then
     * on {@link MemoryManager#translate} answers empty for the page; the first CPU access (any
     * accessor, or a fault) calls the notifiers with {@link InvalidationReason#EXCLUSIVE} again and
     * restores the entry, as {@code remove_device_exclusive_entry} does. Any other invalidation of
     * the page (munmap, reclaim, migration, fork, mprotect) also reaches the owner through its
     * notifier; a device migration does not collect a device-exclusive page
     * ({@code migrate_vma_collect_pmd} collects only device-private non-present entries). Costs no
     * simulated time: the driver models the time.
     *
     * @param space the address space, not null
     * @param va any address in the page
     * @param owner the device pagemap that takes exclusive access, registered with this manager, not null
     * @return the entry, or empty when the page cannot be made exclusive: no VMA, no write
     *     permission (the fault-in fails, {@code -EFAULT}), a shared mapping (not anonymous private
     *     memory, {@code -EOPNOTSUPP}), or no memory to fault it in
     * @throws UnsupportedOperationException if this manager does not model device-exclusive access
     * @since 0.2
     */
    default Optional<DeviceExclusiveEntry> makeDeviceExclusive(AddressSpace space, long va, DevicePagemap owner) {
        throw new UnsupportedOperationException(this + " does not model device-exclusive access");
    }

    /**
     * The device-exclusive entry of the page containing {@code va}, if a device holds one
     * ({@link #makeDeviceExclusive}) and no CPU access has restored the page since.
     *
     * @since 0.2
     */
    default Optional<DeviceExclusiveEntry> deviceExclusiveEntry(AddressSpace space, long va) {
        return Optional.empty();
    }
}
