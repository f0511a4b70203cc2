package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Told how a fault ended. The device (or the IOMMU on its behalf) that raised a fault supplies one
 * so that it learns when to retry or give up.
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface FaultResolutionListener {
    /** {@code fault} has been resolved with {@code resolution}, at the current simulated time. */
    void resolved(FaultRecord fault, FaultResolution resolution);
}
