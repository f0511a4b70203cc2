package org.iopf.plugin.pldma;

import java.util.Objects;
import java.util.function.LongSupplier;
import org.iopf.api.sim.Scheduler;

/**
 * Resident memory of a phase over its whole run: sampled when the phase starts, at every request
 * submission and completion, and when it ends; reports the peak and the time average (trapezoids
 * between samples, so a page faulted in between two samples counts from half-way). Resident memory
 * only changes when a page is faulted in, and that happens while a request is in flight, so the
 * error of the average is at most half a request's time per fault.
 */
final class ResidentMeter {
    private final Scheduler scheduler;
    private final LongSupplier resident;
    private long started;
    private long lastTime;
    private long lastValue;
    private long peak;
    private double integral;
    private long ended = -1;

    ResidentMeter(Scheduler scheduler, LongSupplier resident) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.resident = Objects.requireNonNull(resident, "resident is null");
    }

    /** Takes the first sample. */
    void begin() {
        started = scheduler.now();
        lastTime = started;
        lastValue = resident.getAsLong();
        peak = lastValue;
    }

    /** Takes a sample now. */
    void sample() {
        long now = scheduler.now();
        long value = resident.getAsLong();
        integral += (now - lastTime) * (lastValue + value) / 2.0;
        lastTime = now;
        lastValue = value;
        peak = Math.max(peak, value);
    }

    /** Takes the last sample. */
    void end() {
        sample();
        ended = lastTime;
    }

    /** Most bytes resident at once. */
    long peak() {
        return peak;
    }

    /** Bytes resident on average over the phase (the start value for a phase of no duration). */
    long mean() {
        long span = (ended < 0 ? lastTime : ended) - started;
        return span <= 0 ? lastValue : Math.round(integral / span);
    }
}
