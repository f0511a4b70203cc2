package org.iopf.api.hmm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a {@link MigrationPolicyFactory} is told about the device it makes a policy for.
 *
 * @param devicePath the device's path ({@code node1/gpu}), not null
 * @param granularityBytes the tracking granule: the device asks about ranges of at most this many
 *     bytes, a positive multiple of 4 KiB
 * @param pingPongThreshold how many times a granule may be migrated and then faulted back by the
 *     CPU before a ping-pong-aware policy stops migrating it, {@code >= 1}
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MigrationPolicyContext(String devicePath, long granularityBytes, int pingPongThreshold) {
    /** Checks arguments. */
    public MigrationPolicyContext {
        Objects.requireNonNull(devicePath, "devicePath is null");
        if (granularityBytes <= 0 || granularityBytes % 4096 != 0) {
            throw new IllegalArgumentException("granularityBytes must be a positive multiple of 4 KiB: "
                    + granularityBytes);
        }
        if (pingPongThreshold < 1) {
            throw new IllegalArgumentException("pingPongThreshold must be >= 1: " + pingPongThreshold);
        }
    }
}
