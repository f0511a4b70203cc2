package org.iopf.api.hmm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
import org.iopf.api.mem.AddressRange;

/**
 * Decides, range by range, whether a device migrates memory into its private memory, from what it
 * has seen of the ranges before (seed 003: migrate in large batches, and stop migrating ranges the
 * CPU keeps touching — ping-pong). One instance serves one device for one run, on the simulation
 * thread.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface MigrationPolicy {
    /**
     * Whether to migrate {@code range} of process {@code pid} to the device now.
     *
     * @param pid the process
     * @param range at most one tracking granule ({@link MigrationPolicyContext#granularityBytes()}),
     *     aligned to it except at the ends of a request
     * @param nowNanos the simulated time, ns
     * @return {@code true} to migrate it
     * @since 0.1
     */
    boolean shouldMigrate(int pid, AddressRange range, long nowNanos);

    /**
     * Pages of {@code range} were migrated to the device. The default ignores it.
     *
     * @since 0.1
     */
    default void migrated(int pid, AddressRange range, long nowNanos) {
    }

    /**
     * A CPU access faulted the page at {@code va} back to system memory. The default ignores it.
     *
     * @since 0.1
     */
    default void faultedBack(int pid, long va, long nowNanos) {
    }

    /**
     * Tracking granules this policy refuses to migrate now, for reports. The default is 0.
     *
     * @since 0.1
     */
    default long blockedRanges() {
        return 0;
    }
}
