package org.iopf.core.sim;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * The event loop: a {@link Scheduler} that runs events in order of virtual time (ns), then of
 * scheduling sequence, so that events at the same time run first in, first out.
 *
 * <p><b>Storage.</b> Pending events live in an implicit 4-ary min-heap held in primitive arrays: the
 * keys {@code (time, sequence)} interleaved in one {@code long[]} and, beside them, the index of the
 * <i>slot</i> that holds the event body. A slot keeps the {@link Event}, a generation number and the
 * event's current heap position, which makes {@link #cancel(long)} an O(log n) removal from the
 * middle of the heap. Slots are recycled through a free stack; all arrays grow by doubling and are
 * never shrunk, so once the heap has reached its working size, scheduling, firing and cancelling
 * allocate nothing.
 *
 * <p><b>Handles.</b> A handle is {@code (generation << 32) | slot}. The generation of a slot
 * advances every time its event fires or is cancelled, so a stale handle is recognised and
 * {@link #cancel(long)} returns {@code false}. Generations are 32-bit and start at 1, so the handle
 * {@code 0} is never valid; a handle could only be confused with a later one after 2<sup>32</sup>
 * reuses of the same slot.
 *
 * <p>Not thread-safe: a kernel belongs to the simulation's one thread.
 *
 * @since 0.1
 */
public final class EventKernel implements Scheduler {
    private static final int DEFAULT_CAPACITY = 64;
    private static final int MAX_CAPACITY = 1 << 29;

    /** Heap keys, interleaved: {@code keys[2i]} is the time, {@code keys[2i + 1]} the sequence. */
    private long[] keys;
    /** Heap entry i's slot. */
    private int[] heapSlot;
    /** Slot's event body, null when the slot is free. */
    private Event[] slotEvent;
    /** Slot's generation, part of the handle; never 0 for a slot in use. */
    private int[] slotGeneration;
    /** Slot's position in the heap, -1 when free. */
    private int[] slotPosition;
    /** Stack of free slots. */
    private int[] freeSlots;
    private int freeCount;
    /** Slots handed out at least once: {@code [0, slotsUsed)}. */
    private int slotsUsed;
    private int size;

    private long now;
    private long nextSequence;
    private long executed;
    private boolean stopped;
    private boolean running;
    private ExecutionListener listener;

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
        if (initialCapacity < 1 || initialCapacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("initial capacity must be in [1, " + MAX_CAPACITY + "]: "
                    + initialCapacity);
        }
        keys = new long[2 * initialCapacity];
        heapSlot = new int[initialCapacity];
        slotEvent = new Event[initialCapacity];
        slotGeneration = new int[initialCapacity];
        slotPosition = new int[initialCapacity];
        freeSlots = new int[initialCapacity];
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
        int slot = (int) handle;
        if (!isLive(slot, (int) (handle >>> 32))) {
            return false;
        }
        int position = slotPosition[slot];
        release(slot);
        int last = --size;
        if (position != last) {
            long time = keys[2 * last];
            long sequence = keys[2 * last + 1];
            int lastSlot = heapSlot[last];
            if (position > 0 && before(time, sequence, (position - 1) >>> 2)) {
                siftUp(position, time, sequence, lastSlot);
            } else {
                siftDown(position, time, sequence, lastSlot);
            }
        }
        return true;
    }

    @Override
    public boolean isPending(long handle) {
        return isLive((int) handle, (int) (handle >>> 32));
    }

    /**
     * Runs events until none is pending or {@link #stop()} is called by an event.
     *
     * @throws IllegalStateException if called from inside an event
     */
    public void run() {
        enter();
        try {
            while (size > 0 && !stopped) {
                fireNext();
            }
        } finally {
            running = false;
        }
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
            while (size > 0 && !stopped && keys[0] <= endTimeNanos) {
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
        if (size == 0) {
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
     * The request is forgotten when the next run starts.
     */
    public void stop() {
        stopped = true;
    }

    /** Number of events scheduled and neither fired nor cancelled. */
    public int pending() {
        return size;
    }

    /** Number of events executed since the kernel was created. */
    public long executedEvents() {
        return executed;
    }

    /**
     * The time of the next pending event in ns, or {@link Long#MAX_VALUE} if none is pending.
     */
    public long nextEventTime() {
        return size == 0 ? Long.MAX_VALUE : keys[0];
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

    private void fireNext() {
        long[] k = keys;
        int slot = heapSlot[0];
        long time = k[0];
        long sequence = k[1];
        int last = --size;
        if (last > 0) {
            siftDown(0, k[2 * last], k[2 * last + 1], heapSlot[last]);
        }
        Event event = slotEvent[slot];
        release(slot);
        now = time;
        executed++;
        ExecutionListener l = listener;
        if (l != null) {
            l.executed(time, sequence);
        }
        event.fire();
    }

    private long insert(long time, Event event) {
        if (size == heapSlot.length) {
            grow();
        }
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[--freeCount];
        } else {
            slot = slotsUsed++;
            slotGeneration[slot] = 1;
        }
        slotEvent[slot] = event;
        siftUp(size++, time, nextSequence++, slot);
        return ((long) slotGeneration[slot] << 32) | slot;
    }

    private boolean isLive(int slot, int generation) {
        return slot >= 0 && slot < slotsUsed && slotGeneration[slot] == generation && slotPosition[slot] >= 0;
    }

    private void release(int slot) {
        slotEvent[slot] = null;
        slotPosition[slot] = -1;
        int generation = slotGeneration[slot] + 1;
        slotGeneration[slot] = generation == 0 ? 1 : generation;
        freeSlots[freeCount++] = slot;
    }

    /** Whether {@code (time, sequence)} orders before heap entry {@code i}. */
    private boolean before(long time, long sequence, int i) {
        long t = keys[2 * i];
        return time < t || (time == t && sequence < keys[2 * i + 1]);
    }

    /** Places {@code (time, sequence, slot)} at or above heap position {@code i}. */
    private void siftUp(int i, long time, long sequence, int slot) {
        long[] k = keys;
        int[] hs = heapSlot;
        int[] pos = slotPosition;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long parentTime = k[2 * parent];
            long parentSequence = k[2 * parent + 1];
            if (parentTime < time || (parentTime == time && parentSequence < sequence)) {
                break;
            }
            k[2 * i] = parentTime;
            k[2 * i + 1] = parentSequence;
            int parentSlot = hs[parent];
            hs[i] = parentSlot;
            pos[parentSlot] = i;
            i = parent;
        }
        k[2 * i] = time;
        k[2 * i + 1] = sequence;
        hs[i] = slot;
        pos[slot] = i;
    }

    /** Places {@code (time, sequence, slot)} at or below heap position {@code i}. */
    private void siftDown(int i, long time, long sequence, int slot) {
        long[] k = keys;
        int[] hs = heapSlot;
        int[] pos = slotPosition;
        int n = size;
        while (true) {
            int child = 4 * i + 1;
            if (child >= n) {
                break;
            }
            int end = Math.min(child + 4, n);
            int best = child;
            long bestTime = k[2 * child];
            long bestSequence = k[2 * child + 1];
            for (int c = child + 1; c < end; c++) {
                long t = k[2 * c];
                if (t < bestTime || (t == bestTime && k[2 * c + 1] < bestSequence)) {
                    best = c;
                    bestTime = t;
                    bestSequence = k[2 * c + 1];
                }
            }
            if (time < bestTime || (time == bestTime && sequence < bestSequence)) {
                break;
            }
            k[2 * i] = bestTime;
            k[2 * i + 1] = bestSequence;
            int bestSlot = hs[best];
            hs[i] = bestSlot;
            pos[bestSlot] = i;
            i = best;
        }
        k[2 * i] = time;
        k[2 * i + 1] = sequence;
        hs[i] = slot;
        pos[slot] = i;
    }

    private void grow() {
        int capacity = heapSlot.length;
        if (capacity >= MAX_CAPACITY) {
            throw new IllegalStateException("too many pending events: " + capacity);
        }
        int newCapacity = Math.min(MAX_CAPACITY, capacity * 2);
        keys = Arrays.copyOf(keys, 2 * newCapacity);
        heapSlot = Arrays.copyOf(heapSlot, newCapacity);
        slotEvent = Arrays.copyOf(slotEvent, newCapacity);
        slotGeneration = Arrays.copyOf(slotGeneration, newCapacity);
        slotPosition = Arrays.copyOf(slotPosition, newCapacity);
        freeSlots = Arrays.copyOf(freeSlots, newCapacity);
    }
}
