package org.iopf.api.iommu;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A protection domain: one translation context (an SMMU context bank), isolated from the others.
 *
 * @param value the id, {@code >= 0}
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record DomainId(int value) {
    /** Checks the value. */
    public DomainId {
        if (value < 0) {
            throw new IllegalArgumentException("domain id must be >= 0: " + value);
        }
    }

    @Override
    public String toString() {
        return "domain" + value;
    }
}
