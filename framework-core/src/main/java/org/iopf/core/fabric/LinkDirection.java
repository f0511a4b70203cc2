package org.iopf.core.fabric;

import java.util.random.RandomGenerator;
import org.iopf.api.fabric.LinkSpec;

/**
 * One direction of a link: serializes packets FIFO at the link's rate and decides losses.
 */
final class LinkDirection {
    private final LinkSpec spec;
    private final RandomGenerator random;
    private long busyUntil;
    private long busyNanos;

    LinkDirection(LinkSpec spec, RandomGenerator random) {
        this.spec = spec;
        this.random = random;
    }

    /**
     * Reserves the link for {@code wireBytes} starting no earlier than {@code now}.
     *
     * @return the time the last byte has been serialized
     */
    long serialize(long now, long wireBytes) {
        long start = Math.max(now, busyUntil);
        long duration = spec.rate().nanosFor(wireBytes);
        busyUntil = start + duration;
        busyNanos += duration;
        return busyUntil;
    }

    /** Whether the packet now being sent is lost on this direction. */
    boolean loses() {
        return spec.lossProbability() > 0 && random.nextDouble() < spec.lossProbability();
    }

    long latency() {
        return spec.latencyNanos();
    }

    long busyUntil() {
        return busyUntil;
    }

    long busyNanos() {
        return busyNanos;
    }
}
