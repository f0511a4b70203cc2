package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.iopf.api.observe.Counter;
import org.iopf.api.observe.Tracer;
import org.iopf.api.sim.Event;
import org.iopf.api.sim.Scheduler;

/**
 * The device's locks with a lock-order checker (lockdep-style, E3): every acquisition is checked
 * against the locks its thread already holds; one that would break the order dev_mutex → rdma_sem →
 * buf_lock → mr_lock is refused and reported with both lock names, so a bad path shows up as a
 * violation instead of a silent deadlock.
 */
final class LockOrderChecker {
    private final Map<LockClass, SimLock> locks = new EnumMap<>(LockClass.class);
    private final Map<String, List<LockClass>> held = new TreeMap<>();
    private final List<LockOrderViolation> violations = new ArrayList<>();
    private final Scheduler scheduler;
    private final Tracer tracer;
    private final String track;
    private final Counter violationCount;

    LockOrderChecker(Scheduler scheduler, Tracer tracer, String track, Counter violationCount) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler is null");
        this.tracer = Objects.requireNonNull(tracer, "tracer is null");
        this.track = Objects.requireNonNull(track, "track is null");
        this.violationCount = Objects.requireNonNull(violationCount, "violationCount is null");
        for (LockClass c : LockClass.values()) {
            locks.put(c, new SimLock(c));
        }
    }

    SimLock lock(LockClass c) {
        return locks.get(c);
    }

    /**
     * Takes {@code wanted} for {@code thread}; {@code onAcquired} runs once it is held.
     *
     * @return the violation if the order would be broken (the lock is then not taken and
     *     {@code onAcquired} never runs), or null
     */
    LockOrderViolation acquire(String thread, LockClass wanted, Event onAcquired) {
        List<LockClass> mine = held.computeIfAbsent(thread, t -> new ArrayList<>());
        for (LockClass h : mine) {
            if (h.rank() >= wanted.rank()) {
                LockOrderViolation v = new LockOrderViolation(thread, h, wanted, scheduler.now());
                violations.add(v);
                violationCount.increment();
                if (tracer.enabled()) {
                    tracer.instant(track, "dmaplane/lock_order_violation " + h.lockName() + " -> " + wanted.lockName(), 0);
                }
                return v;
            }
        }
        mine.add(wanted);
        locks.get(wanted).lock(thread, onAcquired);
        return null;
    }

    /**
     * Takes {@code path}'s locks for {@code thread} one after the other (each may wait), then runs
     * {@code body} with an action that releases them all, innermost first; the body calls it when
     * its (possibly simulated-time) work is done.
     *
     * @return the violation if a lock of the path would break the order and every lock before it
     *     was free (the locks taken so far are released and {@code body} never runs), or null;
     *     a violation found after a wait is reported and backed out the same way
     */
    LockOrderViolation withLocks(String thread, List<LockClass> path, Consumer<Runnable> body) {
        Objects.requireNonNull(body, "body is null");
        return takeFrom(thread, List.copyOf(path), 0, body);
    }

    private LockOrderViolation takeFrom(String thread, List<LockClass> path, int index, Consumer<Runnable> body) {
        if (index == path.size()) {
            body.accept(() -> {
                for (int i = path.size() - 1; i >= 0; i--) {
                    release(thread, path.get(i));
                }
            });
            return null;
        }
        LockOrderViolation[] deeper = {null};
        LockOrderViolation v = acquire(thread, path.get(index), () -> deeper[0] = takeFrom(thread, path, index + 1, body));
        if (v != null) {
            for (int i = index - 1; i >= 0; i--) {
                release(thread, path.get(i));
            }
            return v;
        }
        return deeper[0];
    }

    /** Releases {@code lock} held by {@code thread}. */
    void release(String thread, LockClass lock) {
        List<LockClass> mine = held.get(thread);
        if (mine == null || !mine.remove(lock)) {
            throw new IllegalStateException(thread + " does not hold " + lock.lockName());
        }
        if (mine.isEmpty()) {
            held.remove(thread);
        }
        locks.get(lock).unlock(thread);
    }

    /** Locks {@code thread} holds or waits for, in the order taken. */
    List<LockClass> heldBy(String thread) {
        return List.copyOf(held.getOrDefault(thread, List.of()));
    }

    List<LockOrderViolation> violations() {
        return List.copyOf(violations);
    }
}
