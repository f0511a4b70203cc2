package org.iopf.plugin.hmm;

import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * The parameters of an {@code hmm-device}, read once (see {@link HmmDeviceType} for each one's
 * unit, default and seed section).
 *
 * @param deviceMemoryBytes device-private memory
 * @param deviceBandwidth the device's memory bandwidth
 * @param pcieBandwidth host-device link bandwidth
 * @param ddrBandwidth host memory bandwidth
 * @param batchBytes migration batch size
 * @param mirror mirror mode instead of migrate mode
 * @param policy the migration policy's name
 * @param granularityBytes tracking granule of the policy
 * @param pingPongThreshold ping-pongs before a granule is blocked
 * @param batchOverhead CPU time to collect, unmap, commit and finalize one batch (drawn per batch)
 * @param faultBackLatency CPU fault handling before the copy back of one page (drawn per fault)
 * @param bounceBufferBytes size of the pinned bounce buffer for write-back
 * @param storageBandwidth bandwidth of the storage written back to
 * @param pressureRatio device/system memory ratio above which migrate-back pressure is flagged
 * @param core the CPU core the driver's work runs on, empty for the node's first
 */
record HmmSettings(long deviceMemoryBytes, DataRate deviceBandwidth, DataRate pcieBandwidth, DataRate ddrBandwidth,
        long batchBytes, boolean mirror, String policy, long granularityBytes, int pingPongThreshold,
        ServiceTime batchOverhead, ServiceTime faultBackLatency, long bounceBufferBytes, DataRate storageBandwidth,
        double pressureRatio, String core) {
    /** Reads the validated parameters (ranges and steps are declared, and checked, in {@link HmmDeviceType}). */
    static HmmSettings from(Parameters p) {
        return new HmmSettings(p.get(HmmDeviceType.DEVICE_MEMORY), p.get(HmmDeviceType.DEVICE_BANDWIDTH),
                p.get(HmmDeviceType.PCIE_BANDWIDTH), p.get(HmmDeviceType.DDR_BANDWIDTH),
                p.get(HmmDeviceType.BATCH_SIZE), "mirror".equals(p.get(HmmDeviceType.MODE)),
                p.get(HmmDeviceType.POLICY), p.get(HmmDeviceType.GRANULARITY),
                p.get(HmmDeviceType.PING_PONG_THRESHOLD), p.get(HmmDeviceType.BATCH_OVERHEAD),
                p.get(HmmDeviceType.FAULT_BACK_LATENCY), p.get(HmmDeviceType.BOUNCE_BUFFER),
                p.get(HmmDeviceType.STORAGE_BANDWIDTH), p.get(HmmDeviceType.PRESSURE_RATIO),
                p.get(HmmDeviceType.CORE));
    }

    /** Whether batches are so small that migration goes page by page (seed 003 warns against it). */
    boolean pageByPage() {
        return batchBytes < (1L << 20);
    }
}
