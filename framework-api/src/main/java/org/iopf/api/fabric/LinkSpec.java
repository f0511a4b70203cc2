package org.iopf.api.fabric;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apiguardian.api.API;
import org.iopf.api.sim.DataRate;

/**
 * A link between a port and the switch.
 *
 * @param rate serialization rate in each direction
 * @param latencyNanos propagation latency in ns, {@code >= 0}
 * @param lossProbability probability that a packet is lost on the link, in [0, 1)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record LinkSpec(DataRate rate, long latencyNanos, double lossProbability) {
    /** Checks arguments. */
    public LinkSpec {
        Objects.requireNonNull(rate, "rate is null");
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0: " + latencyNanos);
        }
        if (!(lossProbability >= 0 && lossProbability < 1)) {
            throw new IllegalArgumentException("lossProbability must be in [0, 1): " + lossProbability);
        }
    }

    /** A lossless link. */
    public static LinkSpec lossless(DataRate rate, long latencyNanos) {
        return new LinkSpec(rate, latencyNanos, 0);
    }
}
