package org.iopf.plugin.dmaplane;

import java.util.Objects;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * GPU BAR access rates (seed 004 §5, E8) and the cleanup cost after an unpin (E9).
 *
 * @param uncachedRead CPU reads through an uncached mapping
 * @param uncachedWrite CPU writes through an uncached mapping
 * @param writeCombinedWrite CPU writes through a write-combined mapping
 * @param copyRate explicit copy, either way
 * @param copySetup fixed cost of one explicit copy (drawn per copy)
 * @param cleanup CPU time of the deferred cleanup (drawn per cleanup)
 */
record GpuBarConfig(DataRate uncachedRead, DataRate uncachedWrite, DataRate writeCombinedWrite, DataRate copyRate,
        ServiceTime copySetup, ServiceTime cleanup) {
    GpuBarConfig {
        Objects.requireNonNull(uncachedRead, "uncachedRead is null");
        Objects.requireNonNull(uncachedWrite, "uncachedWrite is null");
        Objects.requireNonNull(writeCombinedWrite, "writeCombinedWrite is null");
        Objects.requireNonNull(copyRate, "copyRate is null");
        Objects.requireNonNull(copySetup, "copySetup is null");
        Objects.requireNonNull(cleanup, "cleanup is null");
    }
}
