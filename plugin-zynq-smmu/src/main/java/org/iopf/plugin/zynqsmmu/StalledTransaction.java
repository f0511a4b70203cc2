package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;

/**
 * A transaction the SMMU holds: one that faulted in a stall-mode context bank (it waits for a
 * RESUME of its bank), or one held behind another context's stalled fault because the SMMU is not
 * pipelining. Its device hears exactly once how it ended.
 */
final class StalledTransaction {
    private final FaultRecord record;
    private final FaultResolutionListener device;
    private final int bank;
    private FaultResolution outcome;

    StalledTransaction(FaultRecord record, FaultResolutionListener device, int bank) {
        this.record = Objects.requireNonNull(record, "record is null");
        this.device = Objects.requireNonNull(device, "device is null");
        this.bank = bank;
    }

    FaultRecord record() {
        return record;
    }

    int bank() {
        return bank;
    }

    boolean isPending() {
        return outcome == null;
    }

    /** Ends the transaction and tells its device; later calls do nothing. */
    boolean end(FaultResolution resolution, long now) {
        if (outcome != null) {
            return false;
        }
        outcome = Objects.requireNonNull(resolution, "resolution is null");
        device.resolved(record, resolution);
        return true;
    }
}
