package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * One page (base or huge) of a {@link MigrationBatch}: the {@code src}/{@code dst} pair of Linux's
 * {@code migrate_vma}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface MigratingPage {
    /** Virtual address of the page, aligned to {@link #size()}. */
    long va();

    /** Its size. */
    PageSize size();

    /**
     * The frame holding its contents now: a system frame for {@link MigrationKind#TO_DEVICE} and
     * {@link MigrationKind#MIRROR_TO_DEVICE}, a device frame for {@link MigrationKind#TO_RAM};
     * empty for a never-touched page, whose destination must read as zeros.
     */
    OptionalLong sourcePa();

    /** The destination frame, or empty while none is set. */
    OptionalLong destinationPa();

    /**
     * Sets the destination: a frame of {@link #size()} the driver allocated from the pagemap's
     * memory and copied the contents into ({@link MigrationKind#TO_DEVICE} and
     * {@link MigrationKind#MIRROR_TO_DEVICE}). For {@link MigrationKind#TO_RAM} the memory
     * manager sets it at setup. A page without a destination at commit is skipped. After
     * {@link DeviceMemory#migrateFinalize} the memory manager owns the frame (it frees it if the
     * page was skipped).
     *
     * @throws IllegalStateException if the batch was committed already
     */
    void setDestination(long pa);

    /** Where the page stands. */
    MigratingPageState state();
}
