package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Scheduler;

/**
 * The {@link Tracer} behind {@code iopf run --trace}: keeps the events that its {@link TraceFilter}
 * accepts, up to a cap, in primitive arrays (track and name strings interned to small ids), so a
 * trace of a million events takes tens of megabytes and no object per event. Events beyond the cap
 * are counted in {@link #dropped()}, and the simulated time at which the cap was reached is kept
 * ({@link #capReachedAtNanos()}) so that the written trace can say so. {@link ChromeTraceWriter}
 * writes the events as Chrome trace-event JSON at the end of the run.
 *
 * <p>Instants and counters are stamped with the scheduler's current time. Not thread-safe.
 *
 * @since 0.1
 */
public final class TimelineTracer implements Tracer {
    /** The default cap on kept events. */
    public static final int DEFAULT_CAPACITY = 2_000_000;
    private static final int INITIAL = 1024;

    private final Scheduler scheduler;
    private final int capacity;
    private final TraceFilter filter;
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> strings = new ArrayList<>();
    private final Map<String, Boolean> trackKept = new HashMap<>();
    private byte[] kinds = new byte[INITIAL];
    private int[] tracks = new int[INITIAL];
    private int[] names = new int[INITIAL];
    private long[] times = new long[INITIAL];
    private long[] durations = new long[INITIAL];
    private long[] values = new long[INITIAL];
    private int size;
    private long dropped;
    private long capReachedAt = -1;

    /**
     * Creates an empty tracer.
     *
     * @param scheduler the clock for instants and counters, not null
     * @param capacity the most events kept, {@code >= 0}
     * @param filter which events to keep, not null
     */
    public TimelineTracer(Scheduler scheduler, int capacity, TraceFilter filter) {
        this.scheduler = requireNonNull(scheduler, "scheduler is null");
        this.filter = requireNonNull(filter, "filter is null");
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
        if (startNanos < 0 || durationNanos < 0) {
            throw new IllegalArgumentException("slice " + name + " on " + track + ": start and duration must be >= 0: "
                    + startNanos + ", " + durationNanos);
        }
        if (filter.acceptsTime(startNanos, startNanos + durationNanos) && keeps(track)) {
            add(TraceRecord.Kind.SLICE, track, name, startNanos, durationNanos, flowId);
        }
    }

    @Override
    public void instant(String track, String name, long flowId) {
        long now = scheduler.now();
        if (filter.acceptsTime(now, now) && keeps(track)) {
            add(TraceRecord.Kind.INSTANT, track, name, now, 0, flowId);
        }
    }

    @Override
    public void counter(String track, String name, long value) {
        long now = scheduler.now();
        if (filter.acceptsTime(now, now) && keeps(track)) {
            add(TraceRecord.Kind.COUNTER, track, name, now, 0, value);
        }
    }

    /** Number of events kept. */
    public int size() {
        return size;
    }

    /** Event {@code index} ({@code 0 <= index < size()}), in the order reported. */
    public TraceRecord record(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        TraceRecord.Kind kind = TraceRecord.Kind.values()[kinds[index]];
        boolean counter = kind == TraceRecord.Kind.COUNTER;
        return new TraceRecord(kind, strings.get(tracks[index]), strings.get(names[index]), times[index],
                durations[index], counter ? 0 : values[index], counter ? values[index] : 0);
    }

    /** Every kept event, in the order reported (materialised; for tests and small traces). */
    public List<TraceRecord> records() {
        List<TraceRecord> all = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            all.add(record(i));
        }
        return all;
    }

    /** Number of events accepted by the filter but not kept because the cap was reached. */
    public long dropped() {
        return dropped;
    }

    /** The simulated time at which the first event was dropped for the cap, or -1 if none was. */
    public long capReachedAtNanos() {
        return capReachedAt;
    }

    /** The most events kept. */
    public int capacity() {
        return capacity;
    }

    /** Which events are kept. */
    public TraceFilter filter() {
        return filter;
    }

    // ---- primitive access for ChromeTraceWriter ----

    byte kindAt(int index) {
        return kinds[index];
    }

    int trackAt(int index) {
        return tracks[index];
    }

    int nameAt(int index) {
        return names[index];
    }

    long timeAt(int index) {
        return times[index];
    }

    long durationAt(int index) {
        return durations[index];
    }

    /** The flow id of a slice or instant, the value of a counter. */
    long valueAt(int index) {
        return values[index];
    }

    String string(int id) {
        return strings.get(id);
    }

    int strings() {
        return strings.size();
    }

    private boolean keeps(String track) {
        Boolean kept = trackKept.get(track);
        if (kept == null) {
            kept = filter.acceptsTrack(track);
            trackKept.put(track, kept);
        }
        return kept;
    }

    private void add(TraceRecord.Kind kind, String track, String name, long time, long duration, long value) {
        if (size >= capacity) {
            if (dropped++ == 0) {
                capReachedAt = scheduler.now();
            }
            return;
        }
        if (size == kinds.length) {
            int grown = (int) Math.min((long) capacity, 2L * size);
            kinds = Arrays.copyOf(kinds, grown);
            tracks = Arrays.copyOf(tracks, grown);
            names = Arrays.copyOf(names, grown);
            times = Arrays.copyOf(times, grown);
            durations = Arrays.copyOf(durations, grown);
            values = Arrays.copyOf(values, grown);
        }
        kinds[size] = (byte) kind.ordinal();
        tracks[size] = intern(requireNonNull(track, "track is null"));
        names[size] = intern(requireNonNull(name, "name is null"));
        times[size] = time;
        durations[size] = duration;
        values[size] = value;
        size++;
    }

    private int intern(String text) {
        Integer id = ids.get(text);
        if (id == null) {
            id = strings.size();
            ids.put(text, id);
            strings.add(text);
        }
        return id;
    }
}
