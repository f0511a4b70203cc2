package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Scheduler;

/**
 * A {@link Tracer} that keeps up to a fixed number of events in memory as {@link TraceRecord}s, for
 * tests and for writing a timeline at the end of a run. Events beyond the cap are counted in
 * {@link #dropped()} and otherwise ignored, so a long run cannot exhaust the heap. Instants and
 * counters are stamped with the scheduler's current time. Use {@link Tracer#NONE} to trace nothing.
 *
 * <p>Not thread-safe.
 *
 * @since 0.1
 */
public final class RecordingTracer implements Tracer {
    private final Scheduler scheduler;
    private final int capacity;
    private final List<TraceRecord> records = new ArrayList<>();
    private long dropped;

    /**
     * Creates an empty tracer.
     *
     * @param scheduler the clock for instants and counters, not null
     * @param capacity the most events kept, {@code >= 0}
     */
    public RecordingTracer(Scheduler scheduler, int capacity) {
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Returns {@code true}: this tracer records. */
    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void slice(String track, String name, long startNanos, long durationNanos, long flowId) {
        add(new TraceRecord(TraceRecord.Kind.SLICE, track, name, startNanos, durationNanos, flowId, 0));
    }

    @Override
    public void instant(String track, String name, long flowId) {
        add(new TraceRecord(TraceRecord.Kind.INSTANT, track, name, scheduler.now(), 0, flowId, 0));
    }

    @Override
    public void counter(String track, String name, long value) {
        add(new TraceRecord(TraceRecord.Kind.COUNTER, track, name, scheduler.now(), 0, 0, value));
    }

    /** The events kept so far, in the order they were reported (an unmodifiable copy). */
    public List<TraceRecord> records() {
        return List.copyOf(records);
    }

    /** Number of events not kept because the cap was reached. */
    public long dropped() {
        return dropped;
    }

    /** The most events kept. */
    public int capacity() {
        return capacity;
    }

    private void add(TraceRecord record) {
        if (records.size() < capacity) {
            records.add(record);
        } else {
            dropped++;
        }
    }
}
