package org.iopf.plugin.dmaplane;

import java.util.ArrayDeque;
import java.util.Objects;
import org.iopf.api.sim.Event;

/**
 * A simulated lock: one holder (a simulated thread) and a FIFO queue of threads waiting with the
 * work to run once they hold it. Holding costs simulated time only through the work the holder
 * does before it unlocks.
 */
final class SimLock {
    private final LockClass lockClass;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private String holder;
    private long acquisitions;
    private long contended;

    private record Waiter(String thread, Event onAcquired) {
    }

    SimLock(LockClass lockClass) {
        this.lockClass = Objects.requireNonNull(lockClass, "lockClass is null");
    }

    LockClass lockClass() {
        return lockClass;
    }

    /** The thread holding it, or null. */
    String holder() {
        return holder;
    }

    int waiting() {
        return waiters.size();
    }

    long acquisitions() {
        return acquisitions;
    }

    long contended() {
        return contended;
    }

    /** Takes the lock for {@code thread} now if free, else queues; {@code onAcquired} runs once held. */
    void lock(String thread, Event onAcquired) {
        Objects.requireNonNull(thread, "thread is null");
        Objects.requireNonNull(onAcquired, "onAcquired is null");
        if (holder == null) {
            holder = thread;
            acquisitions++;
            onAcquired.fire();
        } else {
            contended++;
            waiters.addLast(new Waiter(thread, onAcquired));
        }
    }

    /** Releases the lock held by {@code thread} and hands it to the next waiter. */
    void unlock(String thread) {
        if (!Objects.equals(holder, thread)) {
            throw new IllegalStateException(lockClass.lockName() + " is held by " + holder + ", not " + thread);
        }
        Waiter next = waiters.pollFirst();
        holder = next == null ? null : next.thread();
        if (next != null) {
            acquisitions++;
            next.onAcquired().fire();
        }
    }
}
