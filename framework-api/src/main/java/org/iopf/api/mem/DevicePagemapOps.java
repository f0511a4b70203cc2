package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * The callbacks a device driver registers with its device-private memory (the
 * {@code dev_pagemap_ops} analogue): the memory manager calls {@link #migrateToRam} when a CPU
 * access touches a page that lives in the driver's private memory.
 *
 * <p>Every CPU path counts: {@link MemoryManager#faultIn}, {@link MemoryManager#faultInNow},
 * {@link MemoryManager#read}, {@link MemoryManager#write}, {@link MemoryManager#fill} and
 * {@link MemoryManager#pin} (user loads and stores and kernel {@code get_user}/{@code put_user}
 * -style accesses alike). {@link MemoryManager#translate} never faults: it answers -1 for a
 * device-private page, and the caller's fault then migrates it back.
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface DevicePagemapOps {
    /**
     * Migrates the page of {@code fault} back to system memory, synchronously as far as the page
     * table is concerned: when this returns the page is present in system memory (the driver uses
     * {@link DeviceMemory#migrateSetup} with {@link MigrationKind#TO_RAM}, copies, and commits),
     * or it could not be brought back. Called on the simulation thread, never re-entrantly for
     * the same page; it must not call a CPU accessor of the memory manager on the same page.
     *
     * @param fault the faulting access, not null
     * @return the absolute simulated time (ns, {@code >= now}) at which the copy back has
     *     finished and the faulting access may proceed, or empty when the page could not be migrated
     *     back (no system memory: the access fails with {@link FaultInResult#OUT_OF_MEMORY})
     * @since 0.1
     */
    OptionalLong migrateToRam(DevicePrivateFault fault);
}
