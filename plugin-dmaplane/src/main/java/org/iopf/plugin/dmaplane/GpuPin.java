package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * GPU memory pinned for peer access (nvidia_p2p_get_pages, seed 004 §5.2): the buffer standing for
 * it, the revoked flag the unpin callback sets, and the cleanup to run later.
 */
final class GpuPin {
    private final DmaplaneBuffer buffer;
    private final List<Runnable> cleanups = new ArrayList<>();
    private boolean revoked;
    private boolean cleanedUp;

    GpuPin(DmaplaneBuffer buffer) {
        this.buffer = Objects.requireNonNull(buffer, "buffer is null");
    }

    DmaplaneBuffer buffer() {
        return buffer;
    }

    boolean isRevoked() {
        return revoked;
    }

    boolean isCleanedUp() {
        return cleanedUp;
    }

    /** Adds work for the deferred cleanup (deregister a region, drop a reference). */
    void onCleanup(Runnable r) {
        cleanups.add(Objects.requireNonNull(r, "r is null"));
    }

    void revoke() {
        revoked = true;
        buffer.revoke();
    }

    void cleanUp() {
        cleanedUp = true;
        for (Runnable r : cleanups) {
            r.run();
        }
        cleanups.clear();
    }
}
