package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.TreeMap;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * A test-only scheduler: a queue sorted by (time, scheduling order) that runs when told. Stands in
 * for the real event kernel in memory tests.
 */
final class ManualScheduler implements Scheduler {
    private record Key(long time, long seq) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final TreeMap<Key, Event> queue = new TreeMap<>();
    private final java.util.HashMap<Long, Key> keys = new java.util.HashMap<>();
    private long now;
    private long seq;

    @Override
    public long now() {
        return now;
    }

    @Override
    public long schedule(long delayNanos, Event event) {
        if (delayNanos < 0) {
            throw new IllegalArgumentException("negative delay " + delayNanos);
        }
        return scheduleAt(now + delayNanos, event);
    }

    @Override
    public long scheduleAt(long timeNanos, Event event) {
        requireNonNull(event, "event is null");
        if (timeNanos < now) {
            throw new IllegalArgumentException("time " + timeNanos + " is before now " + now);
        }
        long handle = seq++;
        Key key = new Key(timeNanos, handle);
        queue.put(key, event);
        keys.put(handle, key);
        return handle;
    }

    @Override
    public boolean cancel(long handle) {
        Key key = keys.remove(handle);
        return key != null && queue.remove(key) != null;
    }

    @Override
    public boolean isPending(long handle) {
        return keys.containsKey(handle);
    }

    /** Runs every pending event, including those they schedule, in order. */
    void runAll() {
        while (!queue.isEmpty()) {
            var first = queue.pollFirstEntry();
            keys.remove(first.getKey().seq());
            now = first.getKey().time();
            first.getValue().fire();
        }
    }

    int pending() {
        return queue.size();
    }
}
