package org.iopf.api.mem;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Told before the memory manager changes or drops the translation of a range, so that an IOMMU or
 * a NIC drops its cached translations before the frame is reused. Called synchronously: when
 * {@code invalidateRange} returns, the caller must no longer use the old frames.
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface MmuNotifier {
    /**
     * The translations of {@code range} in {@code space} are about to change.
     *
     * @param space the address space, not null
     * @param range the virtual range, page aligned
     * @param reason why
     */
    void invalidateRange(AddressSpace space, AddressRange range, InvalidationReason reason);
}
