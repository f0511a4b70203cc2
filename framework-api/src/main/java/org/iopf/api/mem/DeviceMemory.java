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
}
