package org.iopf.api.iommu;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The id with which a device's transactions reach the IOMMU (an SMMU stream id, a PCIe
 * requester id).
 *
 * @param value the id, {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record StreamId(int value) {
    /** Checks the value. */
    public StreamId {
        if (value < 0) {
            throw new IllegalArgumentException("stream id must be >= 0: " + value);
        }
    }

    @Override
    public String toString() {
        return "stream" + value;
    }
}
