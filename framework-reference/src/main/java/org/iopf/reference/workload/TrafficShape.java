package org.iopf.reference.workload;

import static java.util.Objects.requireNonNull;

import org.iopf.api.platform.Parameters;

/**
 * How much traffic a workload makes: operations of {@code unitSize} bytes, {@code count} of them,
 * {@code concurrency} in flight at once, each in flight on its own buffer slot.
 *
 * @param unitSize bytes per operation ({@code messageSize} or {@code blockSize}), {@code > 0}
 * @param count operations in the whole run, {@code > 0}
 * @param concurrency operations in flight at once, {@code > 0}
 */
record TrafficShape(long unitSize, long count, int concurrency) {
    /** Checks arguments. */
    TrafficShape {
        positive("unit size", unitSize);
        positive("count", count);
        positive("concurrency", concurrency);
    }

    /**
     * Reads the shape from a workload's parameters (validated against the traffic's declarations).
     *
     * @param parameters the workload's parameters, not null
     * @param traffic the keys of the workload's traffic, not null
     */
    static TrafficShape from(Parameters parameters, WorkloadParameters.Traffic traffic) {
        requireNonNull(parameters, "parameters is null");
        requireNonNull(traffic, "traffic is null");
        return new TrafficShape(parameters.get(traffic.size()), parameters.get(traffic.messages()),
                parameters.get(traffic.concurrency()));
    }

    /** Buffer slots needed on each side: one per operation in flight, never more than operations. */
    int slots() {
        return (int) Math.min(concurrency, count);
    }

    /** Bytes of one side's buffer: every slot back to back. */
    long slotBytes() {
        return Math.multiplyExact(slots(), unitSize);
    }

    /** The offset of the slot used by operation {@code index}. */
    long slotOffset(long index) {
        return (index % slots()) * unitSize;
    }

    private static long positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0: " + value);
        }
        return value;
    }
}
