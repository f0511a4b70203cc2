package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A CPU access that touched a device-private page, as handed to
 * {@link DevicePagemapOps#migrateToRam}.
 *
 * @param space the address space, not null
 * @param va the faulting virtual address (any byte of the page)
 * @param access the access, not null
 * @param entry the device-private entry of the page, not null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DevicePrivateFault(AddressSpace space, long va, Access access, DevicePrivateEntry entry) {
    /** Checks arguments. */
    public DevicePrivateFault {
        Objects.requireNonNull(space, "space is null");
        Objects.requireNonNull(access, "access is null");
        Objects.requireNonNull(entry, "entry is null");
    }
}
