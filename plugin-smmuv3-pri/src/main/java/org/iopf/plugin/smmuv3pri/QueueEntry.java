package org.iopf.plugin.smmuv3pri;

import org.iopf.api.fault.PageFault;
import org.iopf.api.mem.Access;

/**
 * One record the driver read from the event or PRI queue, decoded as arm-smmu-v3.c's
 * {@code arm_smmu_handle_evt} / {@code arm_smmu_handle_ppr} decode it into an {@code iopf_fault},
 * with the fault that was raised for it.
 *
 * @param fault the raised fault (null for a record whose fault was answered already)
 * @param pri whether it is a page request (else an event)
 * @param sid stream id
 * @param ssid substream id (PASID), or -1
 * @param va faulting address
 * @param access requested access
 * @param last the page request's last-request bit (an event is a group of its own)
 * @param prgi the page request group index
 * @param stag the stall tag of a stalled event, or -1
 */
record QueueEntry(PageFault fault, boolean pri, int sid, int ssid, long va, Access access, boolean last, int prgi,
        int stag) {
    /** The key of the fault group it belongs to: all requests of one PRG of one stream and PASID. */
    long groupKey() {
        return pri ? ((long) sid << 40) ^ ((long) (ssid + 1) << 12) ^ prgi : -1 - stag;
    }
}
