package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.mem.Access;

/**
 * What the SMMU hardware tells the driver side: an entry it wrote into the event or PRI queue (the
 * queue's interrupt; the driver turns it into a fault record and raises it), and the completion
 * of a CMD_SYNC, and the global error interrupt.
 */
interface SmmuEvents {
    /**
     * An event record was written at position {@code seq} of the event queue.
     *
     * @param device the transaction's listener; for a stalled transaction the SMMU keeps it until
     *     CMD_RESUME, otherwise the driver passes the handler's answer on
     */
    FaultRecord event(long seq, int sid, long va, Access access, FaultKind kind, boolean stalled,
            FaultResolutionListener device);

    /** A page request was written at position {@code seq} of the PRI queue. */
    FaultRecord pageRequest(long seq, int sid, int ssid, long va, Access access, int prgi, boolean last);

    /** The oldest outstanding CMD_SYNC was consumed. */
    void syncDone();

    /** The global error interrupt: a GERROR bit was toggled and so became active (differs from GERRORN). */
    default void globalError() {
    }
}
