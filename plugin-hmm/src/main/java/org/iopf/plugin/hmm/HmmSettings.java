package org.iopf.plugin.hmm;

import org.iopf.api.mem.PageSize;
import org.iopf.api.platform.Parameters;
import org.iopf.api.sim.DataRate;

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
 * @param batchOverheadNanos CPU time to collect, unmap, commit and finalize one batch
 * @param faultBackLatencyNanos CPU fault handling before the copy back of one page
 * @param bounceBufferBytes size of the pinned bounce buffer for write-back
 * @param storageBandwidth bandwidth of the storage written back to
 * @param pressureRatio device/system memory ratio above which migrate-back pressure is flagged
 * @param core the CPU core the driver's work runs on, empty for the node's first
 */
record HmmSettings(long deviceMemoryBytes, DataRate deviceBandwidth, DataRate pcieBandwidth, DataRate ddrBandwidth,
        long batchBytes, boolean mirror, String policy, long granularityBytes, int pingPongThreshold,
        long batchOverheadNanos, long faultBackLatencyNanos, long bounceBufferBytes, DataRate storageBandwidth,
        double pressureRatio, String core) {
    private static final long PAGE = PageSize.BASE.bytes();
    private static final long HUGE = 2L << 20;

    /** Checks arguments. */
    HmmSettings {
        if (deviceMemoryBytes <= 0 || deviceMemoryBytes % HUGE != 0) {
            throw new IllegalArgumentException("deviceMemory must be a positive multiple of 2 MiB: " + deviceMemoryBytes);
        }
        if (batchBytes <= 0 || batchBytes % PAGE != 0) {
            throw new IllegalArgumentException("batchSize must be a positive multiple of 4 KiB: " + batchBytes);
        }
        if (granularityBytes <= 0 || granularityBytes % PAGE != 0) {
            throw new IllegalArgumentException("trackingGranularity must be a positive multiple of 4 KiB: "
                    + granularityBytes);
        }
        if (pingPongThreshold < 1) {
            throw new IllegalArgumentException("pingPongThreshold must be >= 1: " + pingPongThreshold);
        }
        if (bounceBufferBytes <= 0 || bounceBufferBytes % PAGE != 0) {
            throw new IllegalArgumentException("bounceBuffer must be a positive multiple of 4 KiB: " + bounceBufferBytes);
        }
        if (!(pressureRatio > 0)) {
            throw new IllegalArgumentException("pressureRatio must be > 0: " + pressureRatio);
        }
    }

    static HmmSettings from(Parameters p) {
        return new HmmSettings(p.bytes(HmmDeviceType.DEVICE_MEMORY), p.rate(HmmDeviceType.DEVICE_BANDWIDTH),
                p.rate(HmmDeviceType.PCIE_BANDWIDTH), p.rate(HmmDeviceType.DDR_BANDWIDTH),
                p.bytes(HmmDeviceType.BATCH_SIZE), "mirror".equals(p.string(HmmDeviceType.MODE)),
                p.string(HmmDeviceType.POLICY), p.bytes(HmmDeviceType.GRANULARITY),
                p.intValue(HmmDeviceType.PING_PONG_THRESHOLD), p.duration(HmmDeviceType.BATCH_OVERHEAD),
                p.duration(HmmDeviceType.FAULT_BACK_LATENCY), p.bytes(HmmDeviceType.BOUNCE_BUFFER),
                p.rate(HmmDeviceType.STORAGE_BANDWIDTH), p.decimal(HmmDeviceType.PRESSURE_RATIO),
                p.string(HmmDeviceType.CORE));
    }

    /** Whether batches are so small that migration goes page by page (seed 003 warns against it). */
    boolean pageByPage() {
        return batchBytes < (1L << 20);
    }
}
