package org.iopf.benchmarks;

import java.util.Arrays;
import org.iopf.api.sim.Event;

/**
 * A copy of {@code org.iopf.core.sim.CalendarEventSet} as it was before it adapted its window to
 * the observed delays (main 4789ddb); kept only as a baseline for the replay benchmarks.
 *
 * <p>The pending events of an {@link EventKernel}, ordered by (time in ns, sequence): a calendar queue
 * (Brown 1988) over a sliding window of time, with a binary heap for the events beyond the window.
 *
 * <p><b>Slots.</b> Every pending event occupies a slot: its {@link Event} in one array and a
 * record of four longs in another, so that the hot per-slot state shares one cache line: time,
 * sequence, the next and previous slot in its bucket list (two ints in one long), and the generation
 * with the location (free, in the calendar, or its position in the far heap; two ints in one long).
 * The records start six longs into their array, which puts each 32-byte record within one 64-byte
 * line when the array starts a G1 region (as large arrays do). Slots are recycled through a free
 * stack (last freed, first reused), so an event that reschedules itself from its body gets back the
 * record it just left, still in cache. A handle is {@code (generation << 32) | slot}; the generation
 * advances when the event leaves the set, so stale handles are recognised.
 *
 * <p><b>Calendar.</b> Time is cut into buckets of {@code 2^shift} ns; the <i>virtual bucket</i> of
 * a time is {@code time >>> shift}. The calendar holds the events whose virtual bucket lies in a
 * window of {@code bucketCount} virtual buckets that starts at the virtual bucket of the last
 * removed event, so each real bucket ({@code virtual & mask}) holds events of exactly one virtual
 * bucket, in a doubly linked list sorted by (time, sequence). A new event has the largest sequence
 * so far, so it goes after every event of the same time: the tail is checked first (the common
 * case) and the list is walked backwards otherwise. The minimum is the head of the first
 * non-empty bucket at or after the scan position. A head's previous link is left stale (the head
 * is known from the bucket), so removing the minimum writes no record but its own.
 *
 * <p><b>Far heap.</b> Events beyond the window (far-future timers among ns-scale events) wait in a
 * binary heap of slots and move into the calendar as the window slides over them, so they never
 * cause a scan over empty buckets. When the calendar is empty, the minimum is the heap's root.
 *
 * <p><b>Resizing.</b> The bucket count stays a power of two between the number of pending events
 * and eight times that (doubling and halving); the width is re-estimated at each rebuild from the
 * separations of the next {@value #SAMPLE} events (Brown's estimate, outliers dropped). A rebuild
 * is also forced when the work spent on empty buckets, list walks and heap levels since the last
 * rebuild exceeds the cost of a rebuild by a margin, so a stale width costs at most a constant
 * factor. A rebuild lists the pending events in order, which also serves to renumber sequences.
 * Nothing is allocated per operation; arrays are only reallocated by doubling or halving.
 */
final class PreviousCalendarEventSet {
    /** Largest number of slots. */
    static final int MAX_CAPACITY = 1 << 28;
    private static final int MIN_BUCKETS = 16;
    /** Events sampled for the width estimate. */
    private static final int SAMPLE = 64;
    private static final int FREE = -2;
    private static final int IN_CALENDAR = -1;
    private static final int NONE = -1;

    /** Longs per record, and the offsets of the fields in a record. */
    private static final int RECORD = 4;
    private static final int TIME = 0;
    private static final int SEQUENCE = 1;
    /** {@code (next << 32) | (previous & LOW)}; the previous link of a bucket's head is stale. */
    private static final int LINKS = 2;
    /** {@code (generation << 32) | (location & LOW)}. */
    private static final int STATE = 3;
    private static final long LOW = 0xFFFF_FFFFL;
    private static final long HIGH = ~LOW;
    /**
     * Longs before the first record. A large array starts a G1 region, so its elements start 16
     * bytes (the array header) past a 64-byte boundary; six longs of padding put every 32-byte
     * record inside one cache line instead of every other one straddling two.
     */
    private static final int RECORD_BASE = 6;

    /** Per slot, {@value #RECORD} longs from {@code RECORD_BASE + RECORD * slot}: see the offsets. */
    private long[] records;
    private Event[] events;
    private int[] freeSlots;
    private int freeCount;
    /** Slots handed out at least once: {@code [0, slotsUsed)}. */
    private int slotsUsed;
    private int capacity;
    private int size;

    /** Two ints per bucket: head and tail slot, {@link #NONE} when empty. */
    private int[] bucketEnds;
    private int bucketMask;
    private int shift;
    /** Virtual bucket where the search for the minimum starts; no calendar event lies before it. */
    private long scanBucket;
    /** First virtual bucket beyond the calendar's window. */
    private long windowEnd;
    private int calendarSize;
    /** Time of the last removed minimum (ns); no event can be added before it. */
    private long floorTime;

    /** Binary min-heap of the slots beyond the window. */
    private int[] farHeap;
    private int farSize;

    /** Work beyond one unit per operation since the last rebuild, and operations since then. */
    private long work;
    private long operations;
    /** Work of the periods before the last rebuild plus the events moved by rebuilds. */
    private long pastWork;
    private long pastOperations;
    private int[] scratch;
    /** Sink for the loads of {@link #touchNext}, so that the compiler keeps them. */
    private int touched;

    /**
     * Creates an empty set.
     *
     * @param initialCapacity slots before the arrays first grow, in {@code [1, MAX_CAPACITY]}
     */
    PreviousCalendarEventSet(int initialCapacity) {
        if (initialCapacity < 1 || initialCapacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("initial capacity must be in [1, " + MAX_CAPACITY + "]: "
                    + initialCapacity);
        }
        capacity = initialCapacity;
        records = new long[RECORD_BASE + RECORD * initialCapacity];
        events = new Event[initialCapacity];
        freeSlots = new int[initialCapacity];
        farHeap = new int[initialCapacity];
        bucketEnds = new int[2 * MIN_BUCKETS];
        Arrays.fill(bucketEnds, NONE);
        bucketMask = MIN_BUCKETS - 1;
        windowEnd = MIN_BUCKETS;
    }

    /** Number of pending events. */
    int size() {
        return size;
    }

    /** Number of buckets (for tests). */
    int bucketCount() {
        return bucketMask + 1;
    }

    /**
     * Work beyond one unit per operation (empty buckets passed, list entries walked, heap levels,
     * events moved by rebuilds) per add or removal since creation (for tests).
     */
    double workPerOperation() {
        long ops = pastOperations + operations;
        return ops == 0 ? 0 : (double) (pastWork + work) / ops;
    }

    /** Bucket width as a power of two, in ns (for tests). */
    int widthShift() {
        return shift;
    }

    /**
     * Adds an event. The sequence must exceed every sequence in the set and the time must not be
     * before the last removed minimum.
     *
     * @return the handle
     */
    long add(long time, long sequence, Event event) {
        if (size == capacity) {
            grow();
        }
        long[] r = records;
        int slot;
        if (freeCount > 0) {
            slot = freeSlots[--freeCount];
        } else {
            slot = slotsUsed++;
            r[at(slot) + STATE] = (1L << 32) | (FREE & LOW);
        }
        int p = at(slot);
        events[slot] = event;
        r[p + TIME] = time;
        r[p + SEQUENCE] = sequence;
        size++;
        operations++;
        place(slot, time);
        if (size > bucketMask + 1) {
            rebuild(2 * (bucketMask + 1), false);
        } else if (tooMuchWork()) {
            rebuild(bucketMask + 1, false);
        }
        return (r[p + STATE] & HIGH) | slot;
    }

    /** Whether the handle names a pending event. */
    boolean contains(long handle) {
        int slot = (int) handle;
        if (slot < 0 || slot >= slotsUsed) {
            return false;
        }
        long state = records[at(slot) + STATE];
        return (int) (state >>> 32) == (int) (handle >>> 32) && (int) state != FREE;
    }

    /**
     * Removes the event behind the handle.
     *
     * @return whether it was pending
     */
    boolean remove(long handle) {
        if (!contains(handle)) {
            return false;
        }
        int slot = (int) handle;
        int location = (int) records[at(slot) + STATE];
        if (location == IN_CALENDAR) {
            unlink(slot);
        } else {
            farRemoveAt(location);
        }
        release(slot);
        events[slot] = null;
        size--;
        operations++;
        shrinkIfSparse();
        return true;
    }

    /** The time of the first event in ns, or {@link Long#MAX_VALUE} if the set is empty. */
    long firstTime() {
        if (calendarSize > 0) {
            return time(firstInCalendar());
        }
        return farSize > 0 ? time(farHeap[0]) : Long.MAX_VALUE;
    }

    /**
     * Removes the first event (smallest time, then sequence). Its time and sequence stay readable
     * through {@link #time} and {@link #sequence} and its body through {@link #takeEvent} until the
     * next {@link #add}.
     *
     * @return its slot; the set must not be empty
     */
    int removeFirst() {
        int slot;
        if (calendarSize > 0) {
            slot = firstInCalendar();
            unlink(slot);
            touchNext(slot);
        } else {
            slot = farPop();
        }
        long time = time(slot);
        floorTime = time;
        long bucket = time >>> shift;
        scanBucket = bucket;
        long end = bucket + bucketMask + 1;
        windowEnd = end < 0 ? Long.MAX_VALUE : end;
        while (farSize > 0 && (time(farHeap[0]) >>> shift) < windowEnd) {
            int near = farPop();
            calendarInsert(near, time(near));
        }
        release(slot);
        size--;
        operations++;
        if (tooMuchWork()) {
            rebuild(bucketMask + 1, false);
        } else {
            shrinkIfSparse();
        }
        return slot;
    }

    /** Time in ns of the event in {@code slot}. */
    long time(int slot) {
        return records[at(slot) + TIME];
    }

    /** Sequence of the event in {@code slot}. */
    long sequence(int slot) {
        return records[at(slot) + SEQUENCE];
    }

    /** Returns the body of a removed event and forgets it. */
    Event takeEvent(int slot) {
        Event event = events[slot];
        events[slot] = null;
        return event;
    }

    /** Renumbers the pending events' sequences 0..size-1 in their current order. */
    void renumber() {
        rebuild(bucketMask + 1, true);
    }

    /**
     * Loads, ahead of need, what the next two removals in this bucket will read: the body of the
     * event after {@code slot} (its record and its slot in {@code events} were loaded by the
     * previous call) and the record and the {@code events} entry of the one after that. Their cache
     * misses then overlap with running this event instead of each other.
     */
    private void touchNext(int slot) {
        long[] r = records;
        int next = next(r[at(slot) + LINKS]);
        if (next >= 0) {
            int second = next(r[at(next) + LINKS]);
            int sum = (Object) events[next].getClass() == Object.class ? 1 : 0;
            if (second >= 0) {
                sum += (int) r[at(second) + TIME] + (events[second] == null ? 1 : 0);
            }
            touched += sum;
        }
    }

    /** Index of the first long of a slot's record. */
    private static int at(int slot) {
        return RECORD_BASE + RECORD * slot;
    }

    private static long links(int next, int previous) {
        return ((long) next << 32) | (previous & LOW);
    }

    private static int next(long links) {
        return (int) (links >> 32);
    }

    private static int previous(long links) {
        return (int) links;
    }

    private void setNext(int slot, int next) {
        int i = at(slot) + LINKS;
        records[i] = ((long) next << 32) | (records[i] & LOW);
    }

    private void setPrevious(int slot, int previous) {
        int i = at(slot) + LINKS;
        records[i] = (records[i] & HIGH) | (previous & LOW);
    }

    private void setLocation(int slot, int location) {
        int i = at(slot) + STATE;
        records[i] = (records[i] & HIGH) | (location & LOW);
    }

    private void release(int slot) {
        int i = at(slot) + STATE;
        int generation = (int) (records[i] >>> 32) + 1;
        records[i] = ((long) (generation == 0 ? 1 : generation) << 32) | (FREE & LOW);
        freeSlots[freeCount++] = slot;
    }

    /** Puts a slot whose time is set into the calendar or the far heap. */
    private void place(int slot, long time) {
        long bucket = time >>> shift;
        if (bucket < windowEnd) {
            if (bucket < scanBucket) {
                scanBucket = bucket;
            }
            calendarInsert(slot, time);
        } else {
            farPush(slot);
        }
    }

    /** The slot of the calendar's first event, moving the scan position to its bucket. */
    private int firstInCalendar() {
        int[] ends = bucketEnds;
        int mask = bucketMask;
        long bucket = scanBucket;
        int head;
        while ((head = ends[2 * (int) (bucket & mask)]) < 0) {
            bucket++;
        }
        work += bucket - scanBucket;
        scanBucket = bucket;
        return head;
    }

    private void calendarInsert(int slot, long time) {
        long[] r = records;
        int p = at(slot);
        int b = 2 * (int) ((time >>> shift) & bucketMask);
        int tail = bucketEnds[b + 1];
        r[p + STATE] = (r[p + STATE] & HIGH) | (IN_CALENDAR & LOW);
        calendarSize++;
        if (tail < 0) {
            r[p + LINKS] = links(NONE, NONE);
            bucketEnds[b] = slot;
            bucketEnds[b + 1] = slot;
            return;
        }
        int t = at(tail);
        if (r[t + TIME] <= time) {
            r[t + LINKS] = ((long) slot << 32) | (r[t + LINKS] & LOW);
            r[p + LINKS] = links(NONE, tail);
            bucketEnds[b + 1] = slot;
            return;
        }
        // Walk back to the last event not after this one (its sequence is smaller, so time
        // decides); the head's previous link is stale, so the walk stops at the head.
        int head = bucketEnds[b];
        int before = tail;
        int after;
        while (true) {
            if (before == head) {
                after = NONE;
                break;
            }
            after = previous(r[at(before) + LINKS]);
            if (r[at(after) + TIME] <= time) {
                break;
            }
            before = after;
            work++;
        }
        r[p + LINKS] = links(before, after);
        setPrevious(before, slot);
        if (after < 0) {
            bucketEnds[b] = slot;
        } else {
            setNext(after, slot);
        }
    }

    /**
     * Takes a slot out of its bucket list. Removing the head leaves the new head's previous link
     * stale instead of clearing it, so that removing the minimum writes no other record.
     */
    private void unlink(int slot) {
        long[] r = records;
        int p = at(slot);
        int b = 2 * (int) ((r[p + TIME] >>> shift) & bucketMask);
        long links = r[p + LINKS];
        int next = next(links);
        if (bucketEnds[b] == slot) {
            bucketEnds[b] = next;
            if (next < 0) {
                bucketEnds[b + 1] = NONE;
            }
        } else {
            int previous = previous(links);
            setNext(previous, next);
            if (next < 0) {
                bucketEnds[b + 1] = previous;
            } else {
                setPrevious(next, previous);
            }
        }
        calendarSize--;
    }

    /**
     * Whether the work beyond four units per operation since the last rebuild exceeds twice the
     * cost of a rebuild, so that forced rebuilds cost at most half the work they try to save.
     */
    private boolean tooMuchWork() {
        return work > 4 * operations + 2L * (size + bucketMask + 1);
    }

    private void shrinkIfSparse() {
        int buckets = bucketMask + 1;
        if (buckets > MIN_BUCKETS && size < buckets / 8) {
            rebuild(buckets / 2, false);
        }
    }

    /**
     * Lists the pending events in order, re-estimates the width, and re-inserts them into
     * {@code buckets} buckets (optionally renumbering their sequences by rank).
     */
    private void rebuild(int buckets, boolean renumberSequences) {
        int n = size;
        if (scratch == null || scratch.length < n) {
            scratch = new int[capacity];
        }
        int[] order = scratch;
        int k = 0;
        long bucket = scanBucket;
        while (k < calendarSize) {
            for (int s = bucketEnds[2 * (int) (bucket & bucketMask)]; s >= 0; s = next(records[at(s) + LINKS])) {
                order[k++] = s;
            }
            bucket++;
        }
        while (farSize > 0) {
            order[k++] = farPop();
        }
        shift = estimateShift(order, n);
        if (buckets != bucketMask + 1) {
            bucketEnds = new int[2 * buckets];
            bucketMask = buckets - 1;
        }
        Arrays.fill(bucketEnds, NONE);
        calendarSize = 0;
        scanBucket = floorTime >>> shift;
        long end = scanBucket + buckets;
        windowEnd = end < 0 ? Long.MAX_VALUE : end;
        for (int i = 0; i < n; i++) {
            int s = order[i];
            if (renumberSequences) {
                records[at(s) + SEQUENCE] = i;
            }
            place(s, time(s));
        }
        pastWork += work + n + buckets;
        pastOperations += operations;
        work = 0;
        operations = 0;
    }

    /**
     * Brown's estimate from the first {@value #SAMPLE} events (listed in order): about three times
     * their average separation, ignoring separations above eight times the mean non-zero one, as a
     * power of two. Keeps the current width when the sample has no two distinct times.
     */
    private int estimateShift(int[] order, int n) {
        int k = Math.min(n, SAMPLE);
        long nonZeroSum = 0;
        int nonZero = 0;
        for (int i = 1; i < k; i++) {
            long separation = time(order[i]) - time(order[i - 1]);
            if (separation > 0) {
                nonZeroSum += separation;
                nonZero++;
            }
        }
        if (nonZero == 0) {
            return shift;
        }
        double limit = 8.0 * nonZeroSum / nonZero;
        double sum = 0;
        int count = 0;
        for (int i = 1; i < k; i++) {
            long separation = time(order[i]) - time(order[i - 1]);
            if (separation <= limit) {
                sum += separation;
                count++;
            }
        }
        long width = (long) (3.0 * sum / count);
        return width < 2 ? 0 : Math.min(62, 63 - Long.numberOfLeadingZeros(width));
    }

    private boolean before(int a, int b) {
        long ta = time(a);
        long tb = time(b);
        return ta < tb || (ta == tb && sequence(a) < sequence(b));
    }

    private void farPush(int slot) {
        farSiftUp(farSize++, slot);
    }

    private int farPop() {
        int root = farHeap[0];
        int last = farHeap[--farSize];
        if (farSize > 0) {
            farSiftDown(0, last);
        }
        return root;
    }

    private void farRemoveAt(int position) {
        int last = farHeap[--farSize];
        if (position == farSize) {
            return;
        }
        if (position > 0 && before(last, farHeap[(position - 1) >>> 1])) {
            farSiftUp(position, last);
        } else {
            farSiftDown(position, last);
        }
    }

    private void farSiftUp(int i, int slot) {
        int[] heap = farHeap;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (!before(slot, p)) {
                break;
            }
            heap[i] = p;
            setLocation(p, i);
            i = parent;
            work++;
        }
        heap[i] = slot;
        setLocation(slot, i);
    }

    private void farSiftDown(int i, int slot) {
        int[] heap = farHeap;
        int n = farSize;
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && before(heap[child + 1], heap[child])) {
                child++;
            }
            int c = heap[child];
            if (!before(c, slot)) {
                break;
            }
            heap[i] = c;
            setLocation(c, i);
            i = child;
            work++;
        }
        heap[i] = slot;
        setLocation(slot, i);
    }

    private void grow() {
        if (capacity >= MAX_CAPACITY) {
            throw new IllegalStateException("too many pending events: " + capacity);
        }
        int newCapacity = (int) Math.min(MAX_CAPACITY, 2L * capacity);
        records = Arrays.copyOf(records, RECORD_BASE + RECORD * newCapacity);
        events = Arrays.copyOf(events, newCapacity);
        freeSlots = Arrays.copyOf(freeSlots, newCapacity);
        farHeap = Arrays.copyOf(farHeap, newCapacity);
        capacity = newCapacity;
    }
}
