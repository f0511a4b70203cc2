package org.iopf.api.buffer;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The outcome of {@link BufferManager#allocate}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public sealed interface AllocationResult {
    /**
     * A buffer was allocated, holding one reference.
     *
     * @param buffer the buffer
     */
    record Allocated(Buffer buffer) implements AllocationResult {
        /** Checks arguments. */
        public Allocated {
            Objects.requireNonNull(buffer, "buffer is null");
        }
    }

    /**
     * The allocation was refused.
     *
     * @param reason why, for humans
     */
    record Refused(String reason) implements AllocationResult {
        /** Checks arguments. */
        public Refused {
            Objects.requireNonNull(reason, "reason is null");
        }
    }

    /** The buffer, or an {@link IllegalStateException} with the reason it was refused. */
    default Buffer requireBuffer() {
        if (this instanceof Allocated a) {
            return a.buffer();
        }
        throw new IllegalStateException("buffer allocation refused: " + ((Refused) this).reason());
    }
}
