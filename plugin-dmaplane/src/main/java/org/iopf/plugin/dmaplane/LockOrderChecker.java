package org.iopf.plugin.dmaplane;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
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
