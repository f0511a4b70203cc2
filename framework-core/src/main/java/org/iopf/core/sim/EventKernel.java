package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * The event loop: a {@link Scheduler} that runs events in order of virtual time (ns), then of
 * scheduling sequence, so that events at the same time run first in, first out.
 *
 * <p><b>Storage.</b> Pending events live in a {@link CalendarEventSet}: a calendar queue of
 * primitive arrays over a sliding window of time, with a small heap for far-future events.
 * Scheduling, firing and cancelling take amortized O(1) time for the usual distributions of
 * delays (cancelling a far-future event O(log n)); all arrays grow and shrink by doubling and
 * halving, so once the kernel has reached its working size they allocate nothing.
 *
 * <p><b>Sequences.</b> Sequences are numbered up to 2<sup>{@value #SEQUENCE_BITS}</sup>. When they
 * are exhausted (after about 3.4&times;10<sup>10</sup> schedulings), the pending events are
 * renumbered 0..n-1 in their current order, which preserves every ordering decision; the numbers
 * that an {@link ExecutionListener} sees are therefore scheduling counts only until the first
 * renumbering.
 *
 * <p><b>Handles.</b> A handle is {@code (generation << 32) | slot}. The generation of a slot
 * advances every time its event fires or is cancelled, so a stale handle is recognised and
 * {@link #cancel(long)} returns {@code false}. Generations are 32-bit and start at 1, so the handle
 * {@code 0} is never valid; a handle could only be confused with a later one after 2<sup>32</sup>
 * reuses of the same slot.
 *
 * <p><b>Recording.</b> With the system property {@code iopf.kernel.trace=FILE}, the first kernel
 * of the process records its schedulings, executions and cancellations into FILE (see
 * {@code KernelTraceRecorder}), for the benchmarks' replay of a scenario's event-time mix.
 *
 * <p>Not thread-safe: a kernel belongs to the simulation's one thread.
 *
 * @since 0.1
 */
public final class EventKernel implements Scheduler {
    /** Bits of a sequence number before the pending events are renumbered. */
    static final int SEQUENCE_BITS = 35;
    private static final int DEFAULT_CAPACITY = 64;
    /** Null unless a kernel trace is being recorded (see {@link KernelTraceRecorder}). */
    private static final KernelTraceRecorder TRACE = KernelTraceRecorder.INSTANCE;

    private final CalendarEventSet events;
    private long now;
    private long nextSequence;
    private final long sequenceLimit;
    private long executed;
    /** Volatile: {@link #stop()} may come from another thread (a shell cancelling a run on Ctrl-C). */
    private volatile boolean stopped;
    private boolean running;
    private ExecutionListener listener;
    /** No event later than this runs in {@link #run()}; {@link Long#MAX_VALUE} for no bound. */
    private long horizonNanos = Long.MAX_VALUE;
    /** {@link #run()} executes no event once {@link #executed} has reached this. */
    private long eventLimit = Long.MAX_VALUE;
    private boolean limitReached;

    /** Creates an empty kernel at time 0. */
    public EventKernel() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates an empty kernel at time 0 with room for {@code initialCapacity} pending events before
     * its arrays first grow.
     *
     * @param initialCapacity {@code >= 1}
     */
    public EventKernel(int initialCapacity) {
        this(initialCapacity, 1L << SEQUENCE_BITS);
    }

    /** For tests: a kernel whose sequences are renumbered when they reach {@code sequenceLimit}. */
    EventKernel(int initialCapacity, long sequenceLimit) {
        if (initialCapacity < 1 || initialCapacity > CalendarEventSet.MAX_CAPACITY) {
            throw new IllegalArgumentException("initial capacity must be in [1, "
                    + CalendarEventSet.MAX_CAPACITY + "]: " + initialCapacity);
        }
        if (sequenceLimit < 2 || sequenceLimit > 1L << SEQUENCE_BITS) {
            throw new IllegalArgumentException("bad sequence limit: " + sequenceLimit);
        }
        this.sequenceLimit = sequenceLimit;
        events = new CalendarEventSet(initialCapacity);
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long schedule(long delayNanos, Event event) {
        if (delayNanos < 0) {
            throw new IllegalArgumentException("cannot schedule in the past: delay " + delayNanos
                    + " ns would be at " + (now + delayNanos) + " ns, now is " + now + " ns");
        }
        if (delayNanos > Long.MAX_VALUE - now) {
            throw new IllegalArgumentException("delay " + delayNanos + " ns from now " + now
                    + " ns overflows the time range");
        }
        return insert(now + delayNanos, requireNonNull(event, "event is null"));
    }

    @Override
    public long scheduleAt(long timeNanos, Event event) {
        if (timeNanos < now) {
            throw new IllegalArgumentException("cannot schedule in the past: time " + timeNanos
                    + " ns is before now " + now + " ns");
        }
        return insert(timeNanos, requireNonNull(event, "event is null"));
    }

    @Override
    public boolean cancel(long handle) {
        boolean removed = events.remove(handle);
        if (TRACE != null && removed) {
            TRACE.cancelled(this, handle);
        }
        return removed;
    }

    @Override
    public boolean isPending(long handle) {
        return events.contains(handle);
    }

    /**
     * Runs events until none is pending, {@link #stop()} is called by an event, or a bound set by
     * {@link #limit(long, long)} would be passed.
     *
     * @throws IllegalStateException if called from inside an event
     */
    public void run() {
        enter();
        try {
            if (horizonNanos == Long.MAX_VALUE && eventLimit == Long.MAX_VALUE) {
                while (events.size() > 0 && !stopped) {
                    fireNext();
                }
            } else {
                runWithinLimit();
            }
        } finally {
            running = false;
        }
    }

    private void runWithinLimit() {
        while (events.size() > 0 && !stopped) {
            if (executed >= eventLimit || events.firstTime() > horizonNanos) {
                limitReached = true;
                return;
            }
            fireNext();
        }
    }

    /**
     * Bounds {@link #run()}: it returns, leaving the later events pending and {@link #now()} at the
     * last executed event's time, rather than run an event scheduled after {@code endTimeNanos} or
     * execute more than {@code maxEvents} events since the kernel was created.
     * {@link #limitReached()} then says so. {@link Long#MAX_VALUE} for either means no bound.
     *
     * @param endTimeNanos the last simulated time at which an event may run, ns, {@code >= 0}
     * @param maxEvents the most events to execute, {@code >= 1}
     * @throws IllegalArgumentException if a bound is out of range
     */
    public void limit(long endTimeNanos, long maxEvents) {
        if (endTimeNanos < 0 || maxEvents < 1) {
            throw new IllegalArgumentException("bad run limit: end time " + endTimeNanos + " ns, "
                    + maxEvents + " events");
        }
        this.horizonNanos = endTimeNanos;
        this.eventLimit = maxEvents;
    }

    /** Whether {@link #run()} returned with events pending because a bound of {@link #limit} was reached. */
    public boolean limitReached() {
        return limitReached;
    }

    /**
     * Runs every event whose time is {@code <= endTimeNanos} (events at exactly the end time run),
     * then advances {@link #now()} to {@code endTimeNanos}. If an event calls {@link #stop()}, it
     * returns at once and {@link #now()} stays at that event's time.
     *
     * @param endTimeNanos absolute end time in ns, {@code >= now()}
     * @throws IllegalArgumentException if the end time is before now
     * @throws IllegalStateException if called from inside an event
     */
    public void runUntil(long endTimeNanos) {
        if (endTimeNanos < now) {
            throw new IllegalArgumentException("end time " + endTimeNanos + " ns is before now " + now + " ns");
        }
        enter();
        try {
            while (events.size() > 0 && !stopped && events.firstTime() <= endTimeNanos) {
                fireNext();
            }
            if (!stopped) {
                now = endTimeNanos;
            }
        } finally {
            running = false;
        }
    }

    /**
     * Runs the next pending event, if any.
     *
     * @return whether an event ran
     * @throws IllegalStateException if called from inside an event
     */
    public boolean step() {
        if (events.size() == 0) {
            return false;
        }
        enter();
        try {
            fireNext();
        } finally {
            running = false;
        }
        return true;
    }

    /**
     * Asks {@link #run()} or {@link #runUntil(long)} to return after the event that is running now.
     * The request is forgotten when the next run starts. May be called from any thread.
     */
    public void stop() {
        stopped = true;
    }

    /** Number of events scheduled and neither fired nor cancelled. */
    public int pending() {
        return events.size();
    }

    /** Number of events executed since the kernel was created. */
    public long executedEvents() {
        return executed;
    }

    /**
     * The time of the next pending event in ns, or {@link Long#MAX_VALUE} if none is pending.
     */
    public long nextEventTime() {
        return events.firstTime();
    }

    /**
     * Sets the listener told about every executed event, or removes it.
     *
     * @param listener the listener, or null for none (the default; costs one null check per event)
     */
    public void setExecutionListener(ExecutionListener listener) {
        this.listener = listener;
    }

    private void enter() {
        if (running) {
            throw new IllegalStateException("the kernel is already running; an event cannot run it again");
        }
        running = true;
        stopped = false;
    }

    /** The pending events (for tests). */
    CalendarEventSet eventSet() {
        return events;
    }

    private void fireNext() {
        CalendarEventSet set = events;
        int slot = set.removeFirst();
        long time = set.time(slot);
        long sequence = set.sequence(slot);
        Event event = set.takeEvent(slot);
        now = time;
        executed++;
        if (TRACE != null) {
            TRACE.fired(this);
        }
        ExecutionListener l = listener;
        if (l != null) {
            l.executed(time, sequence);
        }
        event.fire();
    }

    private long insert(long time, Event event) {
        if (nextSequence == sequenceLimit) {
            events.renumber();
            nextSequence = events.size();
        }
        long handle = events.add(time, nextSequence++, event);
        if (TRACE != null) {
            TRACE.scheduled(this, time - now, handle);
        }
        return handle;
    }
}
