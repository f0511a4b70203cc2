package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A device-private page-table entry (the swap-like entry Linux installs for a
 * {@code MEMORY_DEVICE_PRIVATE} page): the page is not present in system memory; it lives in the
 * private memory of {@code pagemap} at {@code devicePa}.
 *
 * @param pagemap the owning device memory, not null
 * @param va virtual address of the page (aligned to {@code size})
 * @param devicePa the device frame, an address of {@code pagemap.memory()}
 * @param size base or huge page, not null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DevicePrivateEntry(DevicePagemap pagemap, long va, long devicePa, PageSize size) {
    /** Checks arguments. */
    public DevicePrivateEntry {
        Objects.requireNonNull(pagemap, "pagemap is null");
        Objects.requireNonNull(size, "size is null");
        if (devicePa < 0) {
            throw new IllegalArgumentException("devicePa must be >= 0: " + devicePa);
        }
    }
}
