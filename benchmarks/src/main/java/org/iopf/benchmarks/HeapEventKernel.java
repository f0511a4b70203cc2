package org.iopf.benchmarks;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;
import org.iopf.core.sim.ExecutionListener;

/**
 * A copy of the 4-ary heap version of {@code org.iopf.core.sim.EventKernel} (before the calendar
 * queue), kept only as a baseline for the hold benchmarks.
 *
 * <p>The event loop: a {@link Scheduler} that runs events in order of virtual time (ns), then of
 * scheduling sequence, so that events at the same time run first in, first out.
 *
 * <p><b>Storage.</b> Pending events live in an implicit 4-ary min-heap held in one {@code long[]}: two
 * longs per entry, the time and an <i>order word</i> that packs the scheduling sequence (high bits)
 * with the index of the <i>slot</i> that holds the event body (low {@value #SLOT_BITS} bits).
 * Comparing {@code (time, order word)} therefore orders by time, then sequence, and the slot comes
 * for free with the key. A slot keeps the {@link Event}, a generation number and the event's current
 * heap position, which makes {@link #cancel(long)} an O(log n) removal from the middle of the heap.
 * Slots are recycled through a free stack; all arrays grow by doubling and are never shrunk, so
 * once the heap has reached its working size, scheduling, firing and cancelling allocate nothing.
 * Removing the minimum walks the hole down to a leaf along the smaller children and then sifts the
 * last entry up from there (Floyd's bottom-up variant), which saves a comparison per level. The
 * smallest child is chosen without branches in the top 2<sup>16</sup> positions (cache-resident,
 * where mispredictions dominate) and with ordinary branches below (memory-bound, where speculation
 * overlaps cache misses).
 *
 * <p><b>Sequences.</b> The sequence field holds {@value #SEQUENCE_BITS} bits. When it is exhausted
 * (after about 3.4&times;10<sup>10</sup> schedulings), the pending events are renumbered 0..n-1 in
 * their current order, which preserves every ordering decision; the numbers that an
 * {@link ExecutionListener} sees are therefore scheduling counts only until the first renumbering.
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
final class HeapEventKernel implements Scheduler {
    /** Bits of the order word that hold the slot index. */
    static final int SLOT_BITS = 28;
    /** Bits of the order word that hold the sequence (the word stays positive). */
    static final int SEQUENCE_BITS = 63 - SLOT_BITS;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    private static final int DEFAULT_CAPACITY = 64;
    private static final int MAX_CAPACITY = 1 << SLOT_BITS;

    /** Heap entries, two longs each: {@code keys[2i]} is the time, {@code keys[2i + 1]} the order word. */
    private long[] keys;
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
    private int capacity;

    private long now;
    private long nextSequence;
    private final long sequenceLimit;
    private long executed;
    private boolean stopped;
    private boolean running;
    private ExecutionListener listener;

    /** Creates an empty kernel at time 0. */
    public HeapEventKernel() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates an empty kernel at time 0 with room for {@code initialCapacity} pending events before
     * its arrays first grow.
     *
     * @param initialCapacity {@code >= 1}
     */
    public HeapEventKernel(int initialCapacity) {
        this(initialCapacity, 1L << SEQUENCE_BITS);
    }

    /** For tests: a kernel whose sequences are renumbered when they reach {@code sequenceLimit}. */
    HeapEventKernel(int initialCapacity, long sequenceLimit) {
        if (initialCapacity < 1 || initialCapacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("initial capacity must be in [1, " + MAX_CAPACITY + "]: "
                    + initialCapacity);
        }
        if (sequenceLimit < 2 || sequenceLimit > 1L << SEQUENCE_BITS) {
            throw new IllegalArgumentException("bad sequence limit: " + sequenceLimit);
        }
        this.sequenceLimit = sequenceLimit;
        capacity = initialCapacity;
        keys = new long[2 * initialCapacity];
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
            long order = keys[2 * last + 1];
            if (position > 0 && before(time, order, (position - 1) >>> 2)) {
                siftUp(position, time, order);
            } else {
                siftDown(position, time, order);
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
        long time = k[0];
        long order = k[1];
        int last = --size;
        if (last > 0) {
            removeRoot(k[2 * last], k[2 * last + 1]);
        }
        int slot = (int) (order & SLOT_MASK);
        Event event = slotEvent[slot];
        release(slot);
        now = time;
        executed++;
        ExecutionListener l = listener;
        if (l != null) {
            l.executed(time, order >>> SLOT_BITS);
        }
        event.fire();
    }

    private long insert(long time, Event event) {
        if (size == capacity) {
            grow();
        }
        if (nextSequence == sequenceLimit) {
            renumber();
        }
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[--freeCount];
        } else {
            slot = slotsUsed++;
            slotGeneration[slot] = 1;
        }
        slotEvent[slot] = event;
        siftUp(size++, time, (nextSequence++ << SLOT_BITS) | slot);
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

    /** Whether {@code (time, order)} orders before heap entry {@code i}. */
    private boolean before(long time, long order, int i) {
        long t = keys[2 * i];
        return time < t || (time == t && order < keys[2 * i + 1]);
    }

    /** Places {@code (time, order)} at or above heap position {@code i}. */
    private void siftUp(int i, long time, long order) {
        long[] k = keys;
        int[] pos = slotPosition;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long parentTime = k[2 * parent];
            long parentOrder = k[2 * parent + 1];
            if (parentTime < time || (parentTime == time && parentOrder < order)) {
                break;
            }
            k[2 * i] = parentTime;
            k[2 * i + 1] = parentOrder;
            pos[(int) (parentOrder & SLOT_MASK)] = i;
            i = parent;
        }
        k[2 * i] = time;
        k[2 * i + 1] = order;
        pos[(int) (order & SLOT_MASK)] = i;
    }

    /** Places {@code (time, order)} at or below heap position {@code i}. */
    private void siftDown(int i, long time, long order) {
        long[] k = keys;
        int[] pos = slotPosition;
        int n = size;
        while (true) {
            int child = 4 * i + 1;
            if (child >= n) {
                break;
            }
            int best = smallestChild(k, child, n);
            long bestTime = k[2 * best];
            long bestOrder = k[2 * best + 1];
            if (time < bestTime || (time == bestTime && order < bestOrder)) {
                break;
            }
            k[2 * i] = bestTime;
            k[2 * i + 1] = bestOrder;
            pos[(int) (bestOrder & SLOT_MASK)] = i;
            i = best;
        }
        k[2 * i] = time;
        k[2 * i + 1] = order;
        pos[(int) (order & SLOT_MASK)] = i;
    }

    /**
     * Removes the root and re-inserts the former last entry {@code (time, order)} (already cut off
     * by the caller): the hole walks down along the smallest children to a leaf, then the entry
     * sifts up from there.
     */
    private void removeRoot(long time, long order) {
        long[] k = keys;
        int[] pos = slotPosition;
        int n = size;
        int i = 0;
        while (true) {
            int child = 4 * i + 1;
            if (child >= n) {
                break;
            }
            int best = child < BRANCH_FREE_LIMIT ? smallestChild(k, child, n) : smallestChildSpeculative(k, child, n);
            long bestOrder = k[2 * best + 1];
            k[2 * i] = k[2 * best];
            k[2 * i + 1] = bestOrder;
            pos[(int) (bestOrder & SLOT_MASK)] = i;
            i = best;
        }
        siftUp(i, time, order);
    }

    /**
     * Heap positions below which children are chosen without branches. Above it the heap no longer
     * fits in the caches, and a branchy comparison lets the processor speculate into the next level
     * and overlap its cache misses.
     */
    private static final int BRANCH_FREE_LIMIT = 1 << 16;

    /** As {@link #smallestChild}, with ordinary branches. */
    private static int smallestChildSpeculative(long[] k, int child, int n) {
        int best = child;
        long bestTime = k[2 * child];
        long bestOrder = k[2 * child + 1];
        int end = Math.min(child + 4, n);
        for (int c = child + 1; c < end; c++) {
            long t = k[2 * c];
            long o = k[2 * c + 1];
            if (t < bestTime || (t == bestTime && o < bestOrder)) {
                best = c;
                bestTime = t;
                bestOrder = o;
            }
        }
        return best;
    }

    /**
     * The index of the smallest of the children {@code child .. min(child + 3, n - 1)}. With four
     * children it plays a two-round tournament whose comparisons are computed arithmetically, so
     * that the hot loop has no data-dependent branch to mispredict.
     */
    private static int smallestChild(long[] k, int child, int n) {
        if (child + 3 < n) {
            int a = child + beforeBit(k, child + 1, child);
            int b = child + 2 + beforeBit(k, child + 3, child + 2);
            return a ^ ((a ^ b) & -beforeBit(k, b, a));
        }
        int best = child;
        for (int c = child + 1; c < n; c++) {
            best = c ^ ((c ^ best) & (beforeBit(k, c, best) - 1));
        }
        return best;
    }

    /**
     * 1 if heap entry {@code i} orders before heap entry {@code j}, else 0, without branches. Times
     * and order words are never negative, so their differences cannot overflow.
     */
    private static int beforeBit(long[] k, int i, int j) {
        long timeDifference = k[2 * i] - k[2 * j];
        long sameTime = ((timeDifference | -timeDifference) >>> 63) ^ 1;
        long orderEarlier = (k[2 * i + 1] - k[2 * j + 1]) >>> 63;
        return (int) ((timeDifference >>> 63) | (sameTime & orderEarlier));
    }

    /**
     * Renumbers the pending events' sequences 0..n-1 in their current order. Sorting the heap array
     * leaves a valid heap, and the relative order of every pair is kept.
     */
    private void renumber() {
        int n = size;
        long[] sortedTimes = new long[n];
        long[] sortedOrders = new long[n];
        for (int r = 0; r < n; r++) {
            sortedTimes[r] = keys[0];
            sortedOrders[r] = keys[1];
            int last = --size;
            if (last > 0) {
                removeRoot(keys[2 * last], keys[2 * last + 1]);
            }
        }
        for (int r = 0; r < n; r++) {
            long order = ((long) r << SLOT_BITS) | (sortedOrders[r] & SLOT_MASK);
            keys[2 * r] = sortedTimes[r];
            keys[2 * r + 1] = order;
            slotPosition[(int) (order & SLOT_MASK)] = r;
        }
        size = n;
        nextSequence = n;
    }

    private void grow() {
        if (capacity >= MAX_CAPACITY) {
            throw new IllegalStateException("too many pending events: " + capacity);
        }
        int newCapacity = (int) Math.min(MAX_CAPACITY, 2L * capacity);
        keys = Arrays.copyOf(keys, 2 * newCapacity);
        slotEvent = Arrays.copyOf(slotEvent, newCapacity);
        slotGeneration = Arrays.copyOf(slotGeneration, newCapacity);
        slotPosition = Arrays.copyOf(slotPosition, newCapacity);
        freeSlots = Arrays.copyOf(freeSlots, newCapacity);
        capacity = newCapacity;
    }
}
