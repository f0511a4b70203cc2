package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a migration of a range does ({@link DeviceMemory#migrateSetup}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum MigrationKind {
    /**
     * Migrate mode: system pages (and never-touched pages) move to device-private memory; their
     * entries become {@link DevicePrivateEntry device-private}, so a later CPU access faults and
     * migrates the page back.
     */
    TO_DEVICE,
    /**
     * Mirror mode: the device gets a copy and the system page stays present and readable, but
     * write-protected; a CPU write ends the mirror (the MMU notifiers are called with
     * {@link InvalidationReason#PROTECTION}, the device drops its copy) and then proceeds.
     */
    MIRROR_TO_DEVICE,
    /** Device-private pages of the pagemap come back to system memory. */
    TO_RAM
}
