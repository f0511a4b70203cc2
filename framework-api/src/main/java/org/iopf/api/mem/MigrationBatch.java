package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A range being migrated between system memory and a device's private memory, the state of
 * Linux's {@code migrate_vma} between {@code migrate_vma_setup}, {@code migrate_vma_pages} and
 * {@code migrate_vma_finalize}: {@link DeviceMemory#migrateSetup} collects and unmaps the pages,
 * the driver allocates destinations and copies, {@link DeviceMemory#migrateCommit} installs the
 * new entries of the pages that did not change meanwhile, and {@link DeviceMemory#migrateFinalize}
 * frees what is no longer needed.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface MigrationBatch {
    /** The address space. */
    AddressSpace space();

    /** The range asked for, page aligned. */
    AddressRange range();

    /** The direction and mode. */
    MigrationKind kind();

    /** The device memory on the other side. */
    DevicePagemap pagemap();

    /** The collected pages in address order. */
    List<MigratingPage> pages();

    /**
     * 4 KiB pages of the range that were not collected: pinned, swapped out, owned by another
     * device, already on the device, or (for {@link MigrationKind#TO_RAM}) without a system frame.
     */
    long skippedAtSetup();

    /**
     * 4 KiB pages of a {@link MigrationKind#TO_RAM} batch that could not be collected because no
     * system frame was free even after reclaim: migrate-back memory pressure.
     */
    long outOfMemoryPages();
}
