package org.iopf.api.fault;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A fault in flight: its record and the listener that must hear exactly once how it ended.
 *
 * @param record what was recorded
 * @param listener told the resolution; never forgotten: every fault is retried or terminated
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record PageFault(FaultRecord record, FaultResolutionListener listener) {
    /** Checks arguments. */
    public PageFault {
        Objects.requireNonNull(record, "record is null");
        Objects.requireNonNull(listener, "listener is null");
    }

    /** Resumes the faulting transaction with a retry. */
    public void retry() {
        listener.resolved(record, FaultResolution.RETRY);
    }

    /** Ends the faulting transaction with an error. */
    public void terminate() {
        listener.resolved(record, FaultResolution.TERMINATE);
    }
}
