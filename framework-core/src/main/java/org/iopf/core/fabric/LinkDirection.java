package org.iopf.core.fabric;

import java.util.random.RandomGenerator;
import org.iopf.api.fabric.LinkSpec;
import org.iopf.core.sim.FifoBandwidthResource;

/**
 * One direction of a link: a FIFO bandwidth resource at the link's rate, the link's propagation
 * latency, and its losses.
 */
final class LinkDirection {
    private final LinkSpec spec;
    private final FifoBandwidthResource wire;
    private final RandomGenerator random;

    LinkDirection(LinkSpec spec, FifoBandwidthResource wire, RandomGenerator random) {
        this.spec = spec;
        this.wire = wire;
        this.random = random;
    }

    /**
     * Queues {@code wireBytes} on the link.
     *
     * @return the time the last byte has been serialized
     */
    long serialize(long wireBytes) {
        return wire.transfer(wireBytes, null);
    }

    /** Whether the packet now being sent is lost on this direction. */
    boolean loses() {
        return spec.lossProbability() > 0 && random.nextDouble() < spec.lossProbability();
    }

    long latency() {
        return spec.latencyNanos();
    }

    long busyUntil() {
        return wire.busyUntil();
    }

    /** Fraction of the run so far during which this direction was serializing. */
    double utilisation() {
        return wire.utilisation();
    }
}
