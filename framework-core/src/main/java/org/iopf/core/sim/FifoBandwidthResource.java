package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import org.iopf.api.sim.BandwidthResource;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * A {@link BandwidthResource} that serves transfers first come, first served: each transfer starts
 * at {@code max(now, busyUntil)} and occupies the resource for {@code rate.nanosFor(bytes)} ns.
 * Completions are events on the {@link Scheduler}.
 *
 * <p>Busy time is exact: because transfers are queued back to back, the resource is busy without a
 * gap from now until {@link #busyUntil()}, so the busy time up to now is the total booked busy time
 * minus {@code busyUntil - now}.
 *
 * @since 0.1
 */
public final class FifoBandwidthResource implements BandwidthResource {
    private final Scheduler scheduler;
    private final String name;
    private final DataRate rate;
    private long busyUntil;
    private long bytes;
    private long bookedBusyNanos;

    /**
     * Creates an idle resource.
     *
     * @param scheduler the simulation's scheduler, not null
     * @param name the resource's name within its node, not null or blank
     * @param rate its rate, not null
     */
    public FifoBandwidthResource(Scheduler scheduler, String name, DataRate rate) {
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        this.name = requireNonNull(name, "name is null");
        this.rate = requireNonNull(rate, "rate is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name is blank");
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public DataRate rate() {
        return rate;
    }

    @Override
    public long transfer(long bytes, Event onDone) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0: " + bytes);
        }
        long duration = rate.nanosFor(bytes);
        long start = Math.max(scheduler.now(), busyUntil);
        long end = start + duration;
        busyUntil = end;
        this.bytes += bytes;
        bookedBusyNanos += duration;
        if (onDone != null) {
            scheduler.scheduleAt(end, onDone);
        }
        return end;
    }

    @Override
    public long busyUntil() {
        return busyUntil;
    }

    @Override
    public long bytesTransferred() {
        return bytes;
    }

    @Override
    public long busyNanos() {
        return bookedBusyNanos;
    }

    /** Busy time in ns from the start of the run up to now, excluding queued work still to come. */
    public long busyNanosUpToNow() {
        return bookedBusyNanos - Math.max(0, busyUntil - scheduler.now());
    }

    @Override
    public double utilisation() {
        long now = scheduler.now();
        return now == 0 ? 0.0 : busyNanosUpToNow() / (double) now;
    }

    @Override
    public String toString() {
        return "FifoBandwidthResource[" + name + ", " + rate + "]";
    }
}
