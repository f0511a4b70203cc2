package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The outcome of {@link Nic#registerMemory}: a region, or the reason there is none.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface RegistrationResult {
    /**
     * The memory was registered.
     *
     * @param region the new region
     */
    record Registered(MemoryRegion region) implements RegistrationResult {
        /** Checks arguments. */
        public Registered {
            Objects.requireNonNull(region, "region is null");
        }
    }

    /**
     * The memory was not registered.
     *
     * @param reason why, for humans ({@code "pinnable limit of 64MiB reached"})
     */
    record Refused(String reason) implements RegistrationResult {
        /** Checks arguments. */
        public Refused {
            Objects.requireNonNull(reason, "reason is null");
        }
    }

    /** The region, or an {@link IllegalStateException} with the reason it was refused. */
    default MemoryRegion requireRegion() {
        if (this instanceof Registered r) {
            return r.region();
        }
        throw new IllegalStateException("memory registration refused: " + ((Refused) this).reason());
    }
}
