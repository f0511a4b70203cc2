package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;

/**
 * The seed of each replication of a point: replication 0 runs with the point's own seed (so a
 * one-replication sweep runs each point as {@code iopf run} would), replication {@code r > 0} with
 * a seed mixed (SplitMix64) from the point's seed, its id and {@code r}. The same point and
 * replication always get the same seed, whatever order or worker runs them.
 *
 * @since 0.1
 */
public final class ReplicationSeeds {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private ReplicationSeeds() {
    }

    /**
     * The seed of replication {@code replication} of a point.
     *
     * @param pointSeed the seed of the point's platform
     * @param pointId the point's id, not null
     * @param replication 0-based, {@code >= 0}
     */
    public static long seed(long pointSeed, String pointId, int replication) {
        requireNonNull(pointId, "pointId is null");
        if (replication < 0) {
            throw new IllegalArgumentException("replication must be >= 0: " + replication);
        }
        if (replication == 0) {
            return pointSeed;
        }
        long h = pointSeed;
        for (byte b : pointId.getBytes(StandardCharsets.UTF_8)) {
            h = mix(h ^ b);
        }
        return mix(h + GOLDEN * replication);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
