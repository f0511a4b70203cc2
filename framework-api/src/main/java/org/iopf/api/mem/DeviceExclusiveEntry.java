package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A device-exclusive entry (Linux {@code make_device_exclusive}, mm/rmap.c): the CPU page-table
 * entry of a base page of anonymous private memory is replaced by an entry the CPU cannot use, so
 * that the device named by {@code owner} may access the page's frame in system memory (for atomic
 * operations) without the CPU racing it. The frame stays where it is; the first CPU access restores
 * the entry (Linux {@code remove_device_exclusive_entry}, mm/memory.c) after calling the address
 * space's notifiers with {@link InvalidationReason#EXCLUSIVE}.
 *
 * @param owner the device that asked for exclusive access, not null
 * @param va virtual address of the page (base page aligned)
 * @param pa the page's frame in system memory
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record DeviceExclusiveEntry(DevicePagemap owner, long va, long pa) {
    /** Checks arguments. */
    public DeviceExclusiveEntry {
        Objects.requireNonNull(owner, "owner is null");
        if (pa < 0) {
            throw new IllegalArgumentException("pa must be >= 0: " + pa);
        }
    }
}
